// One load generator process for bench/server/server_load.py, in Node.js: the same players as the
// Python generator (bench/server/_server_players.py's Table), at a fraction of its CPU time.
//
// Why Node: on a 2-core machine the generator shares the cores with the server it measures. The
// Python generator (aiohttp, orjson, uvloop) used more CPU than the server itself, about 1.4 ms per
// action, so every figure carried its load. A real room's clients run on their own machines.
//
// Protocol with the parent (bench/server/_load_node.py): the configuration is argv[2] as JSON; this
// process creates its tables, opens every person's socket, prints "ready", reads one line
// "<start> <end>" (the measured window, seconds since the epoch), plays until <end>, prints its
// figures as one JSON line and exits. Needs Node 20 with --experimental-websocket (or Node 22+).

import http from "node:http";
import readline from "node:readline";
import { crc32 } from "node:zlib";

const config = JSON.parse(process.argv[2]);
// With a socket timeout of its own the agent also reads the server's "Keep-Alive: timeout=5" and drops an
// idle connection a second before the server would (Node leaves the hint unread when the agent has no
// timeout): a player who paused about five seconds used to send a move into a closing connection.
const agent = new http.Agent({ keepAlive: true, maxSockets: config.connections, keepAliveMsecs: 1000, timeout: 60000 });

// statuses: the action requests' in the measured window; run_statuses: every response over the
// whole run, by request and status ("action 200"), as the Python generator's Figures.
// refusals: the first few responses of each kind ("action 503") no player of a sound room should
// get, with what the server said, so a rare one in a long run can be traced beside a flood of another.
const figures = { action_ms: [], push_ms: [], statuses: {}, run_statuses: {}, errors: {}, refusals: [], acknowledged: 0, moves: 0, games: 0 };
const EXPECTED = { action: new Set([200, 409, 429]), rematch: new Set([200]), join: new Set([200]) };
const REFUSALS_KEPT = 5; // of each kind, in each generator process
const refusalsKept = {};
// An unexpected response is also counted as an error ("action 422"): a refusal a sound room never gives
// a seated player must show in the errors, never pass as an ordinary answer.
function refused(request, status, body, table, step, seat) {
  const kind = `${request} ${status}`;
  if (EXPECTED[request].has(status)) return;
  count(figures.errors, kind);
  if ((refusalsKept[kind] || 0) >= REFUSALS_KEPT) return;
  count(refusalsKept, kind);
  figures.refusals.push({ request, status, detail: body.toString().slice(0, 300), table, step, seat, at: now() });
}
const window = { start: Infinity, end: Infinity };
const inside = (t) => window.start <= t && t < window.end;
const now = () => (performance.timeOrigin + performance.now()) / 1000; // epoch seconds, sub-ms
const count = (where, key) => { where[key] = (where[key] || 0) + 1; };
const sleep = (s) => new Promise((resolve) => setTimeout(resolve, s * 1000));
let stopping = false;

// mulberry32: a small seeded generator, so each process's play is repeatable for its seed.
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function request(base, method, path, token, body) {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (payload) {
    headers["Content-Type"] = "application/json";
    headers["Content-Length"] = payload.length;
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: url.hostname, port: url.port, path: url.pathname, method, headers, timeout: 60000 },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end(payload);
  });
}

// The process (0-based) serving a table, as bench/server/_server_players.py's owner(): nginx's ``hash``
// first pick, CRC32 of the key, its bits 16 to 30, modulo the number of servers.
const owner = (tableId, processes) => ((crc32(tableId) >>> 16) & 0x7fff) % processes;

class Table {
  constructor(bases, rng, withBot) {
    this.everyBase = bases;
    this.bases = bases;
    this.rng = rng;
    this.withBot = withBot;
    this.people = withBot ? [0] : [0, 1];
    this._tableId = "";
    this.tokens = [];
    this.latest = [null, null];
    this.sent = new Map(); // step -> [seat, when posted]
    this.wakers = [null, null];
    this.seenStep = 0;
    this.sockets = [null, null];
  }

  get tableId() { return this._tableId; }

  // With config.route "table" (bench/server/server_scale.py), once a table's id is known every request
  // and socket of it goes to the process its id picks; otherwise seat 1 talks to the next process.
  set tableId(value) {
    this._tableId = value;
    if (value && config.route === "table") this.bases = [this.everyBase[owner(value, this.everyBase.length)]];
  }

  base(seat) { return this.bases[seat % this.bases.length]; }

  async create() {
    const seats = [{ kind: "me" }, this.withBot ? { kind: "bot", bot: "normal" } : { kind: "invite" }];
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        const r = await request(this.everyBase[0], "POST", "/api/tables", null, { game: "tacocat", seats, reaction_seconds: 60 });
        count(figures.run_statuses, `create ${r.status}`);
        if (r.status === 201) {
          const body = JSON.parse(r.body);
          this.tableId = body.table_id;
          this.tokens = [body.token, ...body.invitations.map((i) => i.token)];
          if (!this.withBot) await this.sitInvited();
          return;
        }
        count(figures.errors, `create ${r.status}`);
      } catch (exc) {
        count(figures.errors, `create ${exc.code || exc.message}`);
      }
      await sleep(0.2 * (attempt + 1));
    }
    throw new Error("could not create a table");
  }

  // The invited friend opens their link: POST /join with the invitation's token seats them and answers
  // their seat's own secret. Until then the table waits (every move refused 422, docs/server.md
  // "Waiting seats"), so both people sit before anyone plays, as the Python generator's players do.
  async sitInvited() {
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        const r = await request(this.base(1), "POST", `/api/tables/${this.tableId}/join`, this.tokens[1], {});
        count(figures.run_statuses, `join ${r.status}`);
        refused("join", r.status, r.body, this.tableId, null, 1);
        if (r.status === 200) {
          this.tokens[1] = JSON.parse(r.body).token;
          return;
        }
      } catch (exc) {
        count(figures.errors, `join ${exc.code || exc.message}`);
      }
      await sleep(0.2 * (attempt + 1));
    }
    throw new Error("the invited person could not sit down");
  }

  // A socket for the table as it is now; when the table changes (a rematch) or the socket drops,
  // a new one is opened, as the Python generator's listen loop does.
  listen(seat) {
    if (stopping) return;
    const tableId = this.tableId;
    const wsBase = this.base(seat).replace("http", "ws");
    const ws = new WebSocket(`${wsBase}/api/tables/${tableId}/ws?token=${this.tokens[seat]}`);
    this.sockets[seat] = ws;
    ws.onmessage = (event) => {
      if (typeof event.data === "string") this.seen(seat, JSON.parse(event.data));
    };
    ws.onerror = () => {
      if (!stopping && tableId === this.tableId) count(figures.errors, "socket error");
    };
    ws.onclose = () => {
      if (this.sockets[seat] !== ws || stopping) return;
      setTimeout(() => this.listen(seat), tableId === this.tableId ? 500 : 0);
    };
  }

  seen(seat, snapshot) {
    const table = snapshot.table;
    if (table.id !== this.tableId) return;
    const step = table.step;
    const t = now();
    for (const [postedStep, [actor, when]] of this.sent) {
      if (postedStep < step && actor !== seat) {
        if (inside(when)) figures.push_ms.push((t - when) * 1000);
        this.sent.delete(postedStep);
      }
    }
    if (seat === 0 && step > this.seenStep) {
      if (inside(t)) figures.moves += step - this.seenStep;
      this.seenStep = step;
    }
    const current = this.latest[seat];
    if (current === null || current.table.step <= step) this.latest[seat] = snapshot;
    this.wake(seat);
  }

  wake(seat) {
    const waker = this.wakers[seat];
    this.wakers[seat] = null;
    if (waker) waker();
  }

  // Until this seat's socket shows something new, or a second passes.
  wait(seat) {
    return new Promise((resolve) => {
      const timer = setTimeout(() => { this.wakers[seat] = null; resolve(); }, 1000);
      this.wakers[seat] = () => { clearTimeout(timer); resolve(); };
    });
  }

  async play(seat) {
    while (!stopping) {
      const snap = this.latest[seat];
      if (snap === null || snap.table.id !== this.tableId) { await this.wait(seat); continue; }
      if (snap.table.status !== "playing") {
        if (seat === 0) await this.rematch();
        else await this.wait(seat);
        continue;
      }
      const legal = snap.view.legal_actions || [];
      if (legal.length === 0) { await this.wait(seat); continue; }
      if (config.think > 0) {
        await sleep(-Math.log(1 - this.rng()) * config.think);
        if (this.latest[seat] !== snap) continue; // the table moved on while this seat thought
      }
      const step = snap.table.step;
      const started = now();
      if (!this.sent.has(step)) this.sent.set(step, [seat, started]);
      const measured = inside(started);
      const action = legal[Math.floor(this.rng() * legal.length)];
      let r;
      try {
        r = await request(this.base(seat), "POST", `/api/tables/${this.tableId}/actions`, this.tokens[seat], { step, action });
      } catch (exc) {
        count(figures.errors, `http ${exc.code || exc.message}`);
        await sleep(0.5);
        continue;
      }
      count(figures.run_statuses, `action ${r.status}`);
      refused("action", r.status, r.body, this.tableId, step, seat);
      if (measured) {
        figures.action_ms.push((now() - started) * 1000);
        count(figures.statuses, r.status);
      }
      if (r.status === 200) {
        if (measured) figures.acknowledged += 1;
        this.seen(seat, JSON.parse(r.body));
      } else if (r.status === 429) {
        await sleep(0.2);
      } else {
        this.latest[seat] = null; // stale or refused: wait for the socket's next snapshot
        await this.wait(seat);
      }
    }
  }

  // One rematch request of `seat` at `table`, counted (status, or the connection error, and kept if
  // unexpected); null if the connection failed.
  async askRematch(base, table, seat) {
    let r;
    try {
      r = await request(base, "POST", `/api/tables/${table}/rematch`, this.tokens[seat]);
    } catch (exc) {
      count(figures.errors, `rematch ${exc.code || exc.message}`);
      return null;
    }
    count(figures.run_statuses, `rematch ${r.status}`);
    refused("rematch", r.status, r.body, table, null, seat);
    return r;
  }

  async rematch() {
    const r = await this.askRematch(this.bases[0], this.tableId, 0);
    if (r === null) { await sleep(0.5); return; }
    if (r.status !== 200) { await sleep(0.2); return; }
    if (inside(now())) figures.games += 1;
    const old = this.tableId;
    if (!this.withBot) {
      // The second person claims their own seat at the rematch, with their old seat's token.
      // A reused keep-alive connection the server just closed resets: claim again (a claim is
      // answered with a fresh token each time, so asking twice is harmless).
      for (let attempt = 0; attempt < 20; attempt++) {
        const r2 = await this.askRematch(this.base(1), old, 1);
        if (r2 !== null && r2.status === 200) {
          this.tokens[1] = JSON.parse(r2.body).token;
          break;
        }
        await sleep(0.2 * (attempt + 1));
      }
    }
    const fresh = JSON.parse(r.body);
    this.tokens[0] = fresh.token;
    this.latest = [null, null];
    this.sent.clear();
    this.seenStep = 0;
    this.tableId = fresh.table_id;
    for (const seat of this.people) {
      const ws = this.sockets[seat];
      this.sockets[seat] = null;
      if (ws) ws.close();
      this.listen(seat);
    }
  }
}

async function main() {
  const rng = seeded(config.seed);
  const n = config.people_tables + config.bot_tables;
  const bases = config.bases;
  const tables = [];
  for (let i = 0; i < n; i++) {
    const k = i % bases.length; // tables spread over the servers
    tables.push(new Table([...bases.slice(k), ...bases.slice(0, k)], seeded(Math.floor(rng() * 2 ** 32)), i >= config.people_tables));
  }
  for (let i = 0; i < n; i += 20) await Promise.all(tables.slice(i, i + 20).map((t) => t.create()));
  const players = [];
  for (let i = 0; i < n; i++) {
    for (const seat of tables[i].people) {
      tables[i].listen(seat);
      players.push(tables[i].play(seat));
    }
    if (i % 20 === 19) await sleep(0.05); // open sockets in small waves, not 2,000 at once
  }
  process.stdout.write("ready\n");
  const lines = readline.createInterface({ input: process.stdin });
  const [start, end] = (await lines[Symbol.asyncIterator]().next()).value.split(" ").map(Number);
  window.start = start;
  window.end = end;
  while (now() < end) await sleep(0.2);
  stopping = true;
  for (const t of tables) for (const ws of t.sockets) if (ws) ws.close();
  for (const t of tables) for (const seat of t.people) t.wake(seat);
  await Promise.race([Promise.allSettled(players), sleep(10)]);
  process.stdout.write(JSON.stringify(figures) + "\n", () => process.exit(0));
}

main().catch((exc) => {
  process.stderr.write(`load generator failed: ${exc.stack || exc}\n`);
  process.exit(1);
});
