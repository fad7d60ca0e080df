/**
 * An e-mail address that wraps only where a reader expects it to: before the '@' and before the
 * domain's dots (<wbr>), never in the middle of a name ('jordan.blake' stays whole). Pair it with `overflow-wrap: break-word` (not
 * `anywhere`), which breaks inside a part only when that part alone is wider than its line.
 */
import { Fragment } from 'react';

export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const parts = at > 0 ? [email.slice(0, at), ...email.slice(at).split(/(?=\.)/)] : [email];
  return (
    <>
      {parts.map((part, i) => (
        // The parts of one address never reorder: the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
