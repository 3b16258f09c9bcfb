// This file defines the tiny HTTP server the UrlFetchApp tests talk to. It runs in a worker
// thread (a server in the test's own thread would deadlock: the fake blocks that thread while
// it waits for the response) and posts its port to the parent.
//   /echo            → 200 JSON {method, url, headers, body}
//   /status/<code>   → that status with a JSON body ("?long" makes the body 300 characters)
//   /redirect?to=…   → 302 to `to`
//   /close           → closes the socket without answering
//   /headers         → a repeated Set-Cookie and a mixed-case header
//   /slow?ms=…       → answers after ms real milliseconds
//   /meet?group=g&size=n → holds each request until n requests of group g are open at once, then
//                      answers them all "met"; one still alone after 10 s answers "alone". Only
//                      requests that are in flight together meet: proof of parallel sending that
//                      no stopwatch (and no busy machine) can get wrong.
import * as http from "node:http";
import { parentPort } from "node:worker_threads";

const MEET_TIMEOUT_MS = 10_000;
const meetings = new Map<string, Array<{ res: http.ServerResponse; timer: NodeJS.Timeout }>>();

function meet(group: string, size: number, res: http.ServerResponse): void {
  const waiting = meetings.get(group) ?? [];
  // A request still alone when the time is up answers so; the timer keeps no thread alive.
  const timer = setTimeout(() => {
    meetings.set(
      group,
      (meetings.get(group) ?? []).filter((w) => w.res !== res),
    );
    res.end("alone");
  }, MEET_TIMEOUT_MS).unref();
  waiting.push({ res, timer });
  meetings.set(group, waiting);
  if (waiting.length < size) return;
  meetings.delete(group);
  for (const w of waiting) {
    clearTimeout(w.timer);
    w.res.end("met");
  }
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const body = Buffer.concat(chunks).toString("utf8");
    const status = /^\/status\/(\d{3})$/.exec(url.pathname);
    if (url.pathname === "/echo") {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
    } else if (status !== null) {
      const text = url.searchParams.has("long")
        ? "x".repeat(300)
        : JSON.stringify({ error: { code: "unavailable", status: Number(status[1]) } });
      res.writeHead(Number(status[1]), { "Content-Type": "application/json" });
      res.end(text);
    } else if (url.pathname === "/redirect") {
      res.writeHead(302, { Location: url.searchParams.get("to") ?? "/echo" });
      res.end();
    } else if (url.pathname === "/close") {
      req.socket.destroy();
    } else if (url.pathname === "/headers") {
      res.writeHead(200, [
        ["Set-Cookie", "a=1"],
        ["Set-Cookie", "b=2"],
        ["X-Mixed-Case", "yes"],
        ["Content-Type", "text/plain"],
      ]);
      res.end("ok");
    } else if (url.pathname === "/meet") {
      meet(url.searchParams.get("group") ?? "", Number(url.searchParams.get("size") ?? "1"), res);
    } else if (url.pathname === "/slow") {
      setTimeout(() => res.end(`slept ${url.searchParams.get("ms") ?? "0"}`), Number(url.searchParams.get("ms") ?? "0"));
    } else {
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end("not found");
    }
  });
});

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  parentPort?.postMessage(typeof address === "object" && address !== null ? address.port : 0);
});
parentPort?.on("message", (message: unknown) => {
  if (message === "stop") server.close(() => process.exit(0));
});
