// Launchcrew's entry point. One process serves HTTP (server/http-process.js), unless
// WEB_CONCURRENCY asks for several on PostgreSQL: then this process becomes the primary
// of a node:cluster (server/cluster-primary.js) and each worker runs http-process.js.
import cluster from "node:cluster";
import v8 from "node:v8";
import { resolveWorkerCount } from "./server/worker-count.js";

// Before each full collection V8 lets a busy heap grow to several times what it keeps
// alive: a long broadcast swung each process between 200 and 400 MB. Growing it by a
// quarter over the live size keeps RSS flat at the same speed, with no cap that a bigger
// load could run into (ADR 0071). Every process runs this file, the cluster's workers too.
v8.setFlagsFromString("--heap-growing-percent=25");

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
