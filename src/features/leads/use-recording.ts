/**
 * Where the drawer's player gets a call recording: the copy kept on this device (an object URL,
 * revoked when the drawer moves on), else, online, the server's signed link; offline with no copy,
 * nothing (the drawer says it needs a connection). The device is asked again when the connection
 * comes or goes, so a recording kept meanwhile is found.
 */
import { useEffect, useState } from 'react';
import { useOffline } from '../../sync/connectivity';
import { readFile, recordingKey } from '../../sync/prefetch-files';

export type RecordingSource = { src: string | null; stored: boolean; checking: boolean };

export function useRecording(userId: number | null, leadId: number, signedUrl: string): RecordingSource {
  const offline = useOffline();
  const [stored, setStored] = useState<{ key: string; src: string | null } | null>(null);
  const key = `${userId}:${leadId}:${offline}`;
  useEffect(() => {
    if (userId === null) return;
    let active = true;
    let src: string | null = null;
    void readFile(userId, recordingKey(leadId)).then((found) => {
      if (!active) return;
      src = found ? URL.createObjectURL(found.blob) : null;
      setStored({ key, src });
    });
    return () => {
      active = false;
      if (src) URL.revokeObjectURL(src);
    };
  }, [userId, leadId, key]);
  const current = stored?.key === key ? stored : null;
  if (current?.src) return { src: current.src, stored: true, checking: false };
  return { src: offline ? null : signedUrl, stored: false, checking: current === null && userId !== null };
}
