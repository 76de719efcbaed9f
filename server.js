// Launchcrew's entry point. One process serves HTTP (server/http-process.js), unless
// WEB_CONCURRENCY asks for several on PostgreSQL: then this process becomes the primary
// of a node:cluster (server/cluster-primary.js) and each worker runs http-process.js.
import cluster from "node:cluster";
import { resolveWorkerCount } from "./server/worker-count.js";

if (cluster.isWorker) {
  await import("./server/http-process.js");
} else {
  let workers;
  try {
    workers = resolveWorkerCount(process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  if (workers.notice) console.warn(workers.notice);
  if (workers.count > 1) (await import("./server/cluster-primary.js")).runPrimary(workers.count);
  else await import("./server/http-process.js");
}
