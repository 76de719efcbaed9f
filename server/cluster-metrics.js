// /metrics in a cluster: the worker that takes the scrape asks the primary, which collects
// the figures of every listening worker and adds them up with prom-client's aggregators
// (counters and histograms summed, a metric's own rule where it names one).
import client from "prom-client";

const COLLECT_TIMEOUT_MS = 5_000;
const collections = new Map();
let nextCollection = 0;

function collectMetrics(workers) {
  const id = nextCollection++;
  return new Promise((resolve, reject) => {
    const received = [];
    const finish = (error) => {
      clearTimeout(timer);
      collections.delete(id);
      if (error) reject(error);
      else resolve(client.AggregatorRegistry.aggregate(received).metrics());
    };
    const timer = setTimeout(() => finish(new Error(`${workers.length - received.length} worker(s) sent no metrics within 5 s`)), COLLECT_TIMEOUT_MS);
    collections.set(id, (message) => {
      if (message.error !== undefined) return finish(new Error(message.error));
      received.push(message.metrics);
      if (received.length === workers.length) finish();
    });
    if (workers.length === 0) finish();
    for (const worker of workers) worker.send({ type: "launchcrew:metrics-collect", id });
  });
}

/** Answers `worker`'s metrics messages; `listListening()` gives the workers to ask. */
export function handleMetricsMessage(worker, message, listListening) {
  if (message?.type === "launchcrew:metrics-collected") {
    collections.get(message.id)?.(message);
  } else if (message?.type === "launchcrew:metrics-request") {
    collectMetrics(listListening()).then(
      (metrics) => worker.send({ type: "launchcrew:metrics", id: message.id, metrics }),
      (error) => worker.send({ type: "launchcrew:metrics", id: message.id, error: error.message }),
    );
  }
}
