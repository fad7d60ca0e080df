/**
 * Call recordings. An <audio> element cannot send the session headers, so the drawer gets a
 * short-lived signed link (like an object store's presigned GET, and like export links), bound to
 * one lead. The reference server has no real audio: it synthesises a quiet WAV of the call's
 * length (capped), so the player, its duration and seeking behave as they would in production.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { leadDetails } from '../../db/schema/leads';
import { nowMs } from '../../lib/clock';
import { hmac, safeEqual } from '../../lib/crypto';

export const RECORDING_LINK_TTL_MS = 60 * 60_000;
const MAX_SECONDS = 20;
const RATE = 8000;

export function signedRecordingUrl(secret: string, leadId: number, now = nowMs()): string {
  const expires = now + RECORDING_LINK_TTL_MS;
  const sig = hmac(secret, `recording:${leadId}:${expires}`);
  return `/api/v1/leads/${leadId}/recording?expires=${expires}&sig=${sig}`;
}

export function verifyRecordingUrl(
  secret: string,
  leadId: number,
  expires: unknown,
  sig: unknown,
  now = nowMs(),
) {
  const at = Number(expires);
  if (!Number.isFinite(at) || at < now || typeof sig !== 'string') return false;
  return safeEqual(sig, hmac(secret, `recording:${leadId}:${at}`));
}

/** 8 kHz, 8-bit mono PCM: two soft alternating tones standing in for two voices. */
export function synthesiseRecording(seconds: number): Buffer {
  const samples = Math.max(1, Math.min(MAX_SECONDS, Math.round(seconds))) * RATE;
  const wav = Buffer.alloc(44 + samples);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(RATE, 24);
  wav.writeUInt32LE(RATE, 28);
  wav.writeUInt16LE(1, 32);
  wav.writeUInt16LE(8, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++) {
    const second = Math.floor(i / RATE);
    const pitch = second % 2 === 0 ? 220 : 330;
    const envelope = Math.sin((Math.PI * (i % RATE)) / RATE) * 0.15;
    wav[44 + i] = 128 + Math.round(127 * envelope * Math.sin((2 * Math.PI * pitch * i) / RATE));
  }
  return wav;
}

/** The call's length in seconds (30 when unknown); null when the lead has no call details. */
export async function recordingSeconds(db: Db, leadId: number): Promise<number | null> {
  const [row] = await db
    .select({ duration: leadDetails.call_duration })
    .from(leadDetails)
    .where(eq(leadDetails.lead_id, leadId));
  return row ? (row.duration ?? 30) : null;
}
