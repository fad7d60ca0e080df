/**
 * The Outbox panel's "Sent today" part: how many changes reached the server today and which, newest
 * first, with the time each went through (outbox-history.ts keeps the record). Follows deliveries
 * in this tab and in others (the storage event) while the panel is open.
 */
import { useEffect, useState } from 'react';
import { formatAsOf } from '../format';
import { onHistoryChanged, readHistory, type SentEntry, sentToday, sentTodayText } from './outbox-history';

function useSentToday(userId: number): SentEntry[] {
  const [history, setHistory] = useState(() => readHistory(userId));
  useEffect(() => {
    const reread = () => setHistory(readHistory(userId));
    reread();
    const stop = onHistoryChanged(reread);
    window.addEventListener('storage', reread);
    return () => {
      stop();
      window.removeEventListener('storage', reread);
    };
  }, [userId]);
  return sentToday(history);
}

export function OutboxSentList({ userId }: { userId: number }) {
  const sent = useSentToday(userId);
  const now = Date.now();
  return (
    <section className="outbox-sent" aria-labelledby="outbox-sent-title">
      <h3 id="outbox-sent-title" className="outbox-sent__title">
        {sentTodayText(sent.length)}
      </h3>
      {sent.length > 0 ? (
        <ul className="outbox-sent__list">
          {sent.map((entry) => (
            <li key={entry.key} className="outbox-sent__item">
              <span className="outbox-sent__label">{entry.label}</span>
              <span className="outbox-sent__time">{formatAsOf(entry.sent_at, now)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
