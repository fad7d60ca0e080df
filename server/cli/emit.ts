/**
 * Sends a live message to a demo user through a running server's dev endpoint:
 *   npm run emit -- owner@demo.test "Your export is ready" [go_to|download|no_action] [index] [id]
 *   npm run emit -- owner@demo.test --json '{"message_type":"reach_update", ...}'
 */
import { loadConfig } from '../config';

const [email, second, ...rest] = process.argv.slice(2);
if (!email || !second) {
  console.error(
    'Usage: npm run emit -- <email> "<message>" [action] [index] [id]  |  <email> --json \'{...}\'',
  );
  process.exit(2);
}
const body =
  second === '--json'
    ? { email, payload: JSON.parse(rest[0] ?? '{}') }
    : {
        email,
        notification: {
          message: second,
          action: rest[0] ?? 'no_action',
          index: rest[1] ?? null,
          id: rest[2] ? Number(rest[2]) : null,
        },
      };
const { port } = loadConfig();
const res = await fetch(`http://localhost:${port}/api/v1/dev/emit`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
console.log(res.status, await res.text());
