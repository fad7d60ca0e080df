/**
 * The call's player in the lead drawer: plays the copy kept on this device when there is one
 * (offline too), else the server's signed link; offline without a copy it says the recording
 * needs a connection instead of showing a player that cannot play.
 */
import { RECORDING_NEEDS_CONNECTION } from './messages';
import { useRecording } from './use-recording';

export function LeadRecording({
  userId,
  leadId,
  url,
}: {
  userId: number | null;
  leadId: number;
  url: string;
}) {
  const source = useRecording(userId, leadId, url);
  if (!source.src) {
    return source.checking ? null : (
      <p className="lead-empty" role="status">
        {RECORDING_NEEDS_CONNECTION}
      </p>
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: the transcript tab is the call's text alternative
    <audio
      className="lead-recording"
      controls
      preload="none"
      src={source.src}
      aria-label="Call recording"
      data-source={source.stored ? 'device' : 'server'}
    />
  );
}
