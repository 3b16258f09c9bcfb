// Checks the request sender on a scripted transport and a virtual clock: what goes on the wire (the
// key header, the idempotency key on every attempt), retries of a 503 with the same request, a
// service error's message without the key, and a batch that retries only its failed items.
import { RequestSender } from "../../src/api/request-sender";
import { RequestBuilders } from "../../src/api/requests";
import { DEFAULT_RETRY_POLICY } from "../../src/api/retry";
import { LeadsApiError } from "../../src/api/errors";
import { API_KEY, FakeClock, ROOT, ScriptedTransport, error, json, sampleJob, SEARCH_ID } from "../api/helpers";

function setUp() {
  const transport = new ScriptedTransport();
  const clock = new FakeClock();
  const sender = new RequestSender({
    root: ROOT,
    apiKey: API_KEY,
    transport,
    clock,
    policy: { ...DEFAULT_RETRY_POLICY, random: () => 0.5 },
    deadline: null,
  });
  return { transport, clock, sender, build: new RequestBuilders() };
}

const body = { name: "Plumbers", input: { query: "plumbers", location: "Austin, Texas, United States", maxResults: 100 } };

describe("RequestSender.send", () => {
  it("sends the key header, JSON and the idempotency key, to the root's path", () => {
    const { transport, sender, build } = setUp();
    transport.reply(json(201, { job_id: "j", status: "queued", credits_reserved: 100 }));
    expect(sender.send(build.createSearch(body, "idem-1"))).toMatchObject({ job_id: "j", credits_reserved: 100 });
    const [request] = transport.requests;
    expect(request).toMatchObject({
      method: "POST",
      url: `${ROOT}/searches`,
      headers: { "x-api-key": API_KEY, "Idempotency-Key": "idem-1", "Content-Type": "application/json" },
    });
    expect(JSON.parse(request?.body ?? "")).toEqual(body);
  });

  it("retries a 503 with the identical request, after waiting", () => {
    const { transport, sender, build, clock } = setUp();
    transport.reply(error(503, "down"), json(201, { job_id: "j", status: "queued", credits_reserved: 100 }));
    sender.send(build.createSearch(body, "idem-1"));
    expect(transport.requests).toHaveLength(2);
    expect(transport.requests[1]).toEqual(transport.requests[0]);
    expect(clock.slept).toBeGreaterThan(0);
  });

  it("throws a 401 at once, its words without the key even when the service echoes it", () => {
    const { transport, sender, build } = setUp();
    transport.reply(error(401, `Invalid API key ${API_KEY}`));
    let thrown: unknown;
    try {
      sender.send(build.getSearch(SEARCH_ID));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(LeadsApiError);
    expect((thrown as LeadsApiError).kind).toBe("unauthorized");
    expect(JSON.stringify({ message: (thrown as Error).message, detail: (thrown as LeadsApiError).detail })).not.toContain(API_KEY);
    expect(transport.requests).toHaveLength(1);
  });

  it("a lost answer (network failure) is retried", () => {
    const { transport, sender, build } = setUp();
    transport.reply({ network: "reset" }, json(200, sampleJob()));
    expect(sender.send(build.getSearch(SEARCH_ID)).id).toBe(SEARCH_ID);
    expect(transport.requests).toHaveLength(2);
  });
});

describe("RequestSender.batch", () => {
  it("answers each item, retrying only the failed one in a second round trip", () => {
    const { transport, sender, build } = setUp();
    transport.route = (() => {
      const replies = [json(200, sampleJob()), error(503, "busy"), json(200, sampleJob({ id: "e" }))];
      return () => replies.shift() ?? error(500, "none left");
    })();
    const [search, enrichment] = sender.batch([build.getSearch(SEARCH_ID), build.getEnrichment("e")] as const);
    expect(search.ok && search.value.id).toBe(SEARCH_ID);
    expect(enrichment.ok && enrichment.value.id).toBe("e");
    expect(transport.rounds.map((round) => [round.via, round.requests.length])).toEqual([
      ["fetchAll", 2],
      ["fetchAll", 1],
    ]);
  });

  it("a 404 is that item's answer, not the batch's failure", () => {
    const { transport, sender, build } = setUp();
    transport.reply(error(404, "no such job"), json(200, sampleJob({ id: "e" })));
    const [search, enrichment] = sender.batch([build.getSearch("x"), build.getEnrichment("e")] as const);
    expect(!search.ok && search.error.kind).toBe("not_found");
    expect(enrichment.ok).toBe(true);
  });
});
