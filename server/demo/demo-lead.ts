/**
 * Demo leads that hang together, for the simulator and the dev endpoint (POST /dev/leads).
 *
 * - One generated person per lead: the name, email, phone, address, summary, transcript and form
 *   answers all come from that person and one issue, never from another lead (copying a recent
 *   lead's details under a new name is what made a "Samantha Wright" lead summarise a call from
 *   "Michael Phillips").
 * - Times and lengths agree: the inbound call's conversation is stamped with the lead's own
 *   arrival time, and the call length is the one number the drawer, the summary and the
 *   synthesised recording (GET /leads/{id}/recording) all read.
 * - The place (business, city, service category, area code) is the account's, read from its
 *   latest lead by domain/leads/leads.ts `leadOrigin`; the content helpers are the seed's, so live leads
 *   read like the seeded history.
 */

import type { Db } from '../db/client';
import type { LeadConversation } from '../db/schema/leads';
import { createLead, type LeadOrigin, leadOrigin, type NewLead } from '../domain/leads/leads';
import type { LiveBus } from '../domain/messaging/live-bus';
import { now } from '../lib/clock';
import {
  callSummary,
  callTranscript,
  demographic,
  formQuestions,
  type Person,
  person,
  topicFor,
} from '../seed/business/lead-content';
import type { Rng } from '../seed/rng';

/** Where the lead arrives: the business it called, its city and service category, its area code. */
type DemoPlace = { business: string; city: string; category: string; areaCode: string };

type DemoLeadSpec = {
  lead_type: 'Call' | 'Form';
  createdAt: Date;
  /** Calls only: false for a call the AI did not transcribe (no transcript, no summary). */
  transcribed?: boolean;
};

/** A recording path the recording route replaces with a signed link; the audio comes from the call length. */
const RECORDING = '/demo/recordings/new-call.wav';

const formatPhone = (p: string) => `(${p.slice(0, 3)}) ${p.slice(3, 6)}-${p.slice(6)}`;
const hex = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join('');

function demoPlaceOf({ account, latest, category }: LeadOrigin): DemoPlace {
  const areaCode = latest?.phone_number?.match(/^\d{3}/)?.[0] ?? '512';
  return {
    business: account.name.split(' - ')[0],
    city: latest?.city ?? account.city ?? 'Austin',
    category: category ?? 'hvac',
    areaCode,
  };
}

/** The lead's content, all of it about one new person (see the header). */
function demoLead(rng: Rng, place: DemoPlace, spec: DemoLeadSpec): NewLead {
  const caller: Person = person(rng, place.areaCode);
  const topic = topicFor(place.category);
  const issue = rng.pick(topic.issues);
  const base = {
    lead_type: spec.lead_type,
    name: caller.name,
    phone_number: caller.phone,
    email: caller.email,
    address: caller.address,
    city: place.city,
    created_at: spec.createdAt,
  } satisfies NewLead;
  if (spec.lead_type === 'Form') {
    const job = rng.pick(topic.jobs);
    return {
      ...base,
      details: {
        summary: `${caller.name} asked about ${job.toLowerCase()} through the website form: ${issue}.`,
        questions: formQuestions(rng, place.category, issue),
        landing_page: `https://www.${place.business.toLowerCase().replace(/[^a-z]+/g, '')}.example/${place.category.replace(/_/g, '-')}`,
        demographic: rng.chance(0.6) ? demographic(rng) : null,
      },
    };
  }
  const transcribed = spec.transcribed !== false;
  const duration = rng.int(75, 600);
  const booked = rng.chance(0.55);
  const tracking = `${place.areaCode}555${String(rng.int(100, 199)).padStart(4, '0')}`;
  const conversations: LeadConversation[] = [
    {
      participant_type: 'lead',
      message_text: `Inbound call from ${formatPhone(caller.phone)} to ${formatPhone(tracking)}`,
      created_at: spec.createdAt.toISOString(),
      ref_id: `CA${hex(rng, 32)}`,
      recording_url: RECORDING,
    },
  ];
  const story = { caller, city: place.city, category: place.category, issue, booked };
  return {
    ...base,
    details: {
      summary: transcribed ? callSummary({ ...story, duration }) : null,
      recording_url: RECORDING,
      call_duration: duration,
      caller_id: caller.phone,
      tracking_number: tracking,
      conversations,
      transcriptions: transcribed ? callTranscript(rng, { ...story, business: place.business }) : null,
      demographic: rng.chance(0.6) ? demographic(rng) : null,
    },
  };
}

export type DemoArrival = {
  lead_type: 'Call' | 'Form';
  /** Seconds before now (a lead near the end of its review window, say). */
  age_seconds?: number;
  transcribed?: boolean;
};

/** A coherent demo lead arrives at an account now (server clock), announced like any new lead. */
export async function arriveDemoLead(
  deps: { db: Db; live: LiveBus },
  rng: Rng,
  accountId: number,
  arrival: DemoArrival,
) {
  const place = demoPlaceOf(await leadOrigin(deps.db, accountId));
  const createdAt = new Date(now().getTime() - Math.max(0, arrival.age_seconds ?? 0) * 1000);
  const input = demoLead(rng, place, { ...arrival, createdAt });
  return createLead(deps.db, deps.live, accountId, input);
}
