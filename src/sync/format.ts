/** Times as the offline UI shows them: '10:42 AM' today, 'Mar 3, 10:42 AM' on another day. */
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function formatAsOf(at: number, now = Date.now()): string {
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString();
  return (sameDay ? time : dayAndTime).format(at);
}

/** The shared badge's text: "Offline · data as of 10:42 AM", or "Offline" with nothing stored. */
export function offlineBadgeText(asOf: number | null, now = Date.now()): string {
  return asOf === null ? 'Offline' : `Offline · data as of ${formatAsOf(asOf, now)}`;
}
