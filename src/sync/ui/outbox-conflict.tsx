/**
 * A change the server refused because the record was changed elsewhere after it was made (a 409
 * conflict, sync/outbox-conflicts.ts), as the Outbox panel shows it: what changed, field by field,
 * as "Yours" and "On the server now", and the two ways out, both plain buttons (keyboard reachable):
 * - Keep mine: sent again on the server's current version; it replaces the server's value.
 * - Take the server's: the change is dropped and the screens show the server's value.
 * The same piece shows the conflict where it happened (the lead drawer's review, a profile
 * section), so the choices are the same wherever the customer meets them.
 */
import './sync.css';
import type { OutboxItem } from '../../db/app-db';
import { keepMine, takeServers } from '../outbox-conflicts';
import { conflictFields } from './conflict-fields';
import { noteDiscarded } from './delivery-confirmation';

export const KEEP_MINE = 'Keep mine';
export const TAKE_SERVERS = "Take the server's";

export type ConflictedItem = OutboxItem & { conflict: NonNullable<OutboxItem['conflict']> };

/** The item, when it is a write the server refused as a conflict (else null). */
export const conflictOf = (item: OutboxItem | undefined): ConflictedItem | null =>
  item?.status === 'failed' && item.conflict ? (item as ConflictedItem) : null;

export function OutboxConflict({ item }: { item: ConflictedItem }) {
  const id = item.id as number;
  const mine = item.body.kind === 'json' ? item.body.json : null;
  const fields = conflictFields(mine, item.conflict.current);
  const titleId = `outbox-conflict-${id}`;
  return (
    <section className="outbox-conflict" aria-labelledby={titleId}>
      <p id={titleId} className="outbox-item__error">
        {item.error}
      </p>
      {fields.length > 0 ? (
        <dl className="outbox-conflict__fields">
          {fields.map((field) => (
            <div key={field.name} className="outbox-conflict__field">
              <dt>{field.label}</dt>
              <dd>
                <span className="outbox-conflict__which">Yours</span> {field.mine}
              </dd>
              <dd>
                <span className="outbox-conflict__which">On the server now</span> {field.theirs}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="outbox-conflict__same">The server already holds the same values as your change.</p>
      )}
      <div className="outbox-item__actions">
        <button type="button" className="button button--primary" onClick={() => void keepMine(id)}>
          {KEEP_MINE}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            noteDiscarded(id);
            void takeServers(id);
          }}
        >
          {TAKE_SERVERS}
        </button>
      </div>
    </section>
  );
}
