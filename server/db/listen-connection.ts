/**
 * PostgreSQL's LISTEN connection (live fan-out and job wake-ups across instances), kept open.
 *
 * - Opened at the first listen(); a new connection LISTENs again to every channel asked for so far.
 * - A connection that errors or ends (PostgreSQL restarted, a network cut, pg_terminate_backend) is
 *   reopened with backoff, 0.25 s doubling to 10 s, until close(). Meanwhile down() says why, and
 *   /readyz reports it (plugins/health.ts). Before this, a lost listener stayed lost: other
 *   instances' messages stopped reaching this one's streams with nothing to show it.
 * - NOTIFY is not kept for a listener that is not there: what was sent while it was down reaches a
 *   live stream with that user's next message or the stream's next reconnect (it reads from its
 *   Last-Event-ID), and jobs by the worker's polling.
 * - The first open's failure is the caller's (a start fails, as before); later ones are retried.
 */
import pg from 'pg';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;

const quoted = (channel: string) => `"${channel.replace(/"/g, '')}"`;

export class ListenConnection {
  private client: pg.Client | null = null;
  private opening: Promise<pg.Client> | null = null;
  private readonly channels = new Set<string>();
  private closed = false;
  private problem: string | null = null;
  private attempt = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly onNotification: (channel: string, payload: string) => void,
  ) {}

  /** Why the connection is down and being reopened, or null while it is up (or never needed). */
  down(): string | null {
    return this.problem;
  }

  async listen(channel: string): Promise<void> {
    this.channels.add(channel);
    const client = this.client ?? (await this.connect());
    await client.query(`LISTEN ${quoted(channel)}`);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private connect(): Promise<pg.Client> {
    this.opening ??= this.open().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', (error) => this.lost(client, error.message));
    client.on('end', () => this.lost(client, 'the connection ended'));
    try {
      await client.connect();
      client.on('notification', (msg) => this.onNotification(msg.channel, msg.payload ?? ''));
      for (const channel of this.channels) await client.query(`LISTEN ${quoted(channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      throw new Error('closed');
    }
    this.client = client;
    this.problem = null;
    this.attempt = 0;
    return client;
  }

  private lost(client: pg.Client, why: string) {
    if (this.client !== client) return;
    this.client = null;
    void client.end().catch(() => {});
    if (this.closed) return;
    this.problem = `LISTEN connection lost (${why}), reconnecting`;
    this.retry();
  }

  private retry() {
    if (this.timer || this.closed) return;
    const delay = Math.min(FIRST_RETRY_MS * 2 ** this.attempt, MAX_RETRY_MS);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect().catch((error: Error) => {
        if (this.closed) return;
        this.problem = `LISTEN connection down (${error.message}), retrying`;
        this.retry();
      });
    }, delay);
  }
}
