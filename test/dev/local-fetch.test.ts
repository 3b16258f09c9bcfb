// fetchLocal (dev/local-fetch.ts): a read of the local simulator whose connection closes under it,
// before or during its answer, is made again, three attempts in all; a write, or an answer with
// an error status, is never repeated.
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { fetchLocal, LOCAL_FETCH_ATTEMPTS, mayRepeat } from "../../dev/local-fetch";

/** A server whose request number n (from 1) is answered by `answer(n, req, res)`; it counts requests. */
async function serve(answer: (n: number, req: http.IncomingMessage, res: http.ServerResponse) => void) {
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests += 1;
    answer(requests, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/account`;
  return {
    url,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const closeConnection = (req: http.IncomingMessage) => req.socket.destroy();
const answerJson = (res: http.ServerResponse, status = 200) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ plan_code: "growth" }));
};

describe("fetchLocal", () => {
  it("makes a GET again when the connection closes before the answer, up to the third attempt", async () => {
    const server = await serve((n, req, res) => (n < 3 ? closeConnection(req) : answerJson(res)));
    try {
      const res = await fetchLocal(server.url);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ plan_code: "growth" });
      expect(server.requests()).toBe(3);
    } finally {
      await server.close();
    }
  });

  it("makes a GET again when the connection closes in the middle of the answer's body", async () => {
    const server = await serve((n, req, res) => {
      if (n > 1) return answerJson(res);
      res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
      res.write('{"plan_code":');
      setImmediate(() => closeConnection(req));
    });
    try {
      const res = await fetchLocal(server.url);
      expect(await res.json()).toEqual({ plan_code: "growth" });
      expect(server.requests()).toBe(2);
    } finally {
      await server.close();
    }
  });

  it("gives up after three attempts, with fetch's own error", async () => {
    const server = await serve((_n, req) => closeConnection(req));
    try {
      await expect(fetchLocal(server.url)).rejects.toMatchObject({ name: "TypeError" });
      expect(server.requests()).toBe(LOCAL_FETCH_ATTEMPTS);
      expect(LOCAL_FETCH_ATTEMPTS).toBe(3);
    } finally {
      await server.close();
    }
  });

  it("never repeats a POST, nor an answer with an error status", async () => {
    const closing = await serve((_n, req) => closeConnection(req));
    const failing = await serve((_n, _req, res) => answerJson(res, 503));
    try {
      await expect(fetchLocal(closing.url, { method: "POST", body: "{}" })).rejects.toMatchObject({ name: "TypeError" });
      expect(closing.requests()).toBe(1);
      expect((await fetchLocal(failing.url)).status).toBe(503);
      expect(failing.requests()).toBe(1);
    } finally {
      await closing.close();
      await failing.close();
    }
  });

  it("repeats only reads of a loopback address whose connection closed", () => {
    const closed = new TypeError("fetch failed", { cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }) });
    const refused = new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) });
    expect(mayRepeat("http://127.0.0.1:8080/api/v1/account", "GET", closed)).toBe(true);
    expect(mayRepeat("http://localhost:8080/x", "HEAD", closed)).toBe(true);
    expect(mayRepeat("https://api.example.com/api/v1/account", "GET", closed)).toBe(false);
    expect(mayRepeat("http://127.0.0.1:8080/x", "POST", closed)).toBe(false);
    expect(mayRepeat("http://127.0.0.1:8080/x", "GET", refused)).toBe(false);
    expect(mayRepeat("http://127.0.0.1:8080/x", "GET", new Error("other side closed"))).toBe(false);
  });
});
