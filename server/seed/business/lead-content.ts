/**
 * Words for demo leads: people, streets, what homeowners call about per service category, and
 * builders for call transcripts (speaker turns), AI summaries, form answers and demographics.
 * Pure functions of the Rng, so the same seed writes the same conversations.
 */
import type { LeadDemographic, LeadQuestion, LeadTranscription } from '../../db/schema/leads';
import type { Rng } from '../rng';

export const FIRST_NAMES = (
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica ' +
  'Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Sandra Mark Ashley Donald Kimberly ' +
  'Steven Emily Paul Donna Andrew Michelle Joshua Carol Kenneth Amanda Kevin Melissa Brian Deborah George Stephanie ' +
  'Timothy Rebecca Ronald Laura Jason Sharon Edward Cynthia Jeffrey Kathleen Ryan Amy Jacob Angela Gary Shirley ' +
  'Nicholas Brenda Eric Emma Jonathan Anna Larry Nicole Justin Samantha Scott Katherine Brandon Christine Luis Rosa ' +
  'Carlos Ana Miguel Sofia Jose Lucia Minh Mei Raj Priya Kwame Aisha'
).split(' ');

export const LAST_NAMES = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson ' +
  'Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker ' +
  'Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell ' +
  'Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy ' +
  'Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson ' +
  'Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster'
).split(' ');

const STREETS = (
  'Oak St|Maple Ave|Cedar Ln|Pine St|Elm St|Willow Dr|Lakeview Dr|Hillcrest Rd|Sunset Blvd|Park Ave|Meadow Ln|' +
  'Ridge Rd|Highland Ave|Forest Dr|Spring St|River Rd|Washington St|Lincoln Ave|Jefferson St|Franklin Rd|Magnolia Dr|' +
  'Briarwood Ct|Stonegate Dr|Juniper Way|Aspen Ct|Cypress Ln|Bluebonnet Dr|Mockingbird Ln|Autumn Trl|Quail Run'
).split('|');

const EMAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'hotmail.com', 'aol.com'];

export type Person = {
  first: string;
  last: string;
  name: string;
  email: string;
  phone: string;
  address: string;
};

export function person(rng: Rng, areaCode: string): Person {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const sep = rng.pick(['.', '', '_']);
  const email = `${first.toLowerCase()}${sep}${last.toLowerCase()}${rng.chance(0.5) ? rng.int(1, 99) : ''}@${rng.pick(EMAIL_DOMAINS)}`;
  // 555-01XX numbers are reserved for fiction; the rest of 555 keeps them clearly fake too.
  const phone = `${areaCode}555${String(rng.int(0, 9999)).padStart(4, '0')}`;
  return {
    first,
    last,
    name: `${first} ${last}`,
    email,
    phone,
    address: `${rng.int(100, 9899)} ${rng.pick(STREETS)}`,
  };
}

type Topic = { issues: string[]; jobs: string[] };

const TOPICS: Record<string, Topic> = {
  hvac: {
    issues: [
      'the AC is blowing warm air',
      'the furnace will not turn on',
      'the heat pump is making a grinding noise',
      'the thermostat shows the system running but nothing comes out of the vents',
      'the outdoor unit is iced over',
    ],
    jobs: ['AC repair', 'Furnace repair', 'New system installation', 'Seasonal tune-up', 'Heat pump service'],
  },
  air_duct_cleaning: {
    issues: [
      'there is a lot of dust coming from the vents',
      'we just finished a remodel and the ducts are full of debris',
      'someone in the house has allergies',
    ],
    jobs: ['Air duct cleaning', 'Dryer vent cleaning', 'Duct inspection'],
  },
  insulation: {
    issues: [
      'the upstairs rooms are always hot',
      'our energy bills went way up this winter',
      'the attic insulation looks thin',
    ],
    jobs: ['Attic insulation', 'Spray foam insulation', 'Energy audit'],
  },
  roofing: {
    issues: [
      'a storm blew shingles off the roof',
      'there is a leak in the ceiling after the last rain',
      'hail hit the neighborhood and the insurance adjuster is coming',
      'the roof is over twenty years old',
    ],
    jobs: ['Roof repair', 'Roof replacement', 'Storm damage inspection', 'Roof inspection'],
  },
  gutters: {
    issues: [
      'the gutters are overflowing in the rain',
      'a gutter section pulled away from the house',
      'water is pooling by the foundation',
    ],
    jobs: ['Gutter installation', 'Gutter guards', 'Gutter repair'],
  },
  plumbing: {
    issues: [
      'the kitchen sink is backing up',
      'a pipe burst under the house',
      'the toilet keeps running',
      'there is no hot water',
      'water pressure dropped all over the house',
    ],
    jobs: ['Drain cleaning', 'Leak repair', 'Water heater replacement', 'Repiping', 'Fixture installation'],
  },
  water_heater: {
    issues: ['the water heater is leaking from the bottom', 'we run out of hot water after five minutes'],
    jobs: ['Water heater replacement', 'Tankless water heater installation'],
  },
  sewer_drain: {
    issues: ['the basement floor drain is backing up', 'the main line is clogged again'],
    jobs: ['Sewer line camera inspection', 'Hydro jetting', 'Sewer line repair'],
  },
  water_damage: {
    issues: [
      'the washing machine hose burst and flooded the laundry room',
      'the basement flooded overnight',
      'a pipe leaked inside the wall and the drywall is soaked',
      'the water heater flooded the garage',
    ],
    jobs: ['Emergency water extraction', 'Structural drying', 'Water damage restoration'],
  },
  mold_remediation: {
    issues: [
      'there is black mold behind the bathroom vanity',
      'the crawl space smells musty',
      'a home inspector found mold in the attic',
    ],
    jobs: ['Mold inspection', 'Mold remediation', 'Air quality testing'],
  },
  fire: {
    issues: [
      'a kitchen fire left smoke damage through the house',
      'a small electrical fire damaged the garage',
    ],
    jobs: ['Fire damage restoration', 'Smoke odor removal', 'Board-up service'],
  },
  electrical: {
    issues: [
      'the breaker keeps tripping',
      'half the outlets in the kitchen stopped working',
      'we need a charger for an electric car',
      'the lights flicker when the AC kicks on',
    ],
    jobs: ['Electrical repair', 'Panel upgrade', 'EV charger installation', 'Lighting installation'],
  },
};

export const topicFor = (category: string): Topic => TOPICS[category] ?? TOPICS.hvac;

const WHEN = ['As soon as possible', 'Within a week', 'Within a month', 'Flexible'];
const PROPERTY = ['Single family home', 'Townhouse', 'Condo', 'Commercial property'];

export function formQuestions(rng: Rng, category: string, issue: string): LeadQuestion[] {
  const topic = topicFor(category);
  const q = (label: string, answer: string): LeadQuestion => ({ label, answer: { label: answer } });
  return [
    q('What service do you need?', rng.pick(topic.jobs)),
    q('Is this an emergency?', rng.chance(0.3) ? 'Yes' : 'No'),
    q('Do you own or rent the property?', rng.chance(0.85) ? 'Own' : 'Rent'),
    q('What type of property is it?', rng.pick(PROPERTY)),
    q('When do you need the work done?', rng.pick(WHEN)),
    q('Tell us about your project', `Hi, ${issue}. Please call me back to set up a time.`),
  ];
}

/** A call transcript: speaker_1 is the business, speaker_2 the caller. */
export function callTranscript(
  rng: Rng,
  p: { business: string; caller: Person; city: string; category: string; issue: string; booked: boolean },
): LeadTranscription[] {
  const agent = rng.pick(['Ashley', 'Marcus', 'Jenna', 'Tyler', 'Monica', 'Derek']);
  const job = rng.pick(topicFor(p.category).jobs).toLowerCase();
  const day = rng.pick([
    'tomorrow morning',
    'tomorrow afternoon',
    'Thursday at 10',
    'Friday between 1 and 3',
    'Monday first thing',
  ]);
  const t = (speaker: 1 | 2, text: string): LeadTranscription => ({
    participant_type: `speaker_${speaker}`,
    message_text: text,
  });
  const turns = [
    t(1, `Thank you for calling ${p.business}, this is ${agent}. How can I help you today?`),
    t(2, `Hi, yes. I'm calling because ${p.issue}.`),
    t(1, `I'm sorry to hear that. Can I get your name and the address of the property?`),
    t(2, `It's ${p.caller.name}, at ${p.caller.address} in ${p.city}.`),
    t(1, `Thanks, ${p.caller.first}. How long has this been going on?`),
    t(
      2,
      rng.pick([
        'Since yesterday.',
        'A couple of days now.',
        'It started this morning.',
        'About a week, it keeps getting worse.',
      ]),
    ),
    t(1, `Okay. That sounds like something we'd want to look at in person. We can do a ${job} visit.`),
  ];
  if (p.booked) {
    turns.push(
      t(2, 'How soon can someone come out?'),
      t(1, `I have an opening ${day}. Does that work for you?`),
      t(2, 'Yes, that works.'),
      t(1, `Great, you're all set for ${day}. You'll get a text when the technician is on the way.`),
      t(2, 'Perfect, thank you.'),
    );
  } else {
    turns.push(
      t(2, 'Do you know roughly what that would cost?'),
      t(
        1,
        'It depends on what the technician finds, but the visit itself is a flat fee that we credit toward the repair.',
      ),
      t(
        2,
        `Okay, let me talk to my ${rng.pick(['wife', 'husband', 'landlord', 'partner'])} and call you back.`,
      ),
      t(1, 'Of course. You can reach us at this number any time.'),
    );
  }
  return turns;
}

export function callSummary(p: {
  caller: Person;
  city: string;
  category: string;
  issue: string;
  booked: boolean;
  duration: number;
}): string {
  const minutes = Math.max(1, Math.round(p.duration / 60));
  const outcome = p.booked
    ? 'An appointment was booked and the caller confirmed the time.'
    : 'No appointment was booked; the caller said they would call back after discussing the cost.';
  return `${p.caller.name} from ${p.city} called because ${p.issue}. The agent collected the service address and described the next step. ${outcome} Call length about ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export function demographic(rng: Rng): LeadDemographic {
  const d = (label: string, description: string) => ({ label, description });
  const built = rng.int(1962, 2019);
  return {
    owner: [
      d('Age range', rng.pick(['25-34', '35-44', '45-54', '55-64', '65+'])),
      d('Household income', rng.pick(['$50k-$75k', '$75k-$100k', '$100k-$150k', '$150k-$250k'])),
      d('Homeowner', rng.chance(0.85) ? 'Yes' : 'No'),
      d('Length of residence', `${rng.int(1, 25)} years`),
    ],
    property: [
      d('Property type', rng.pick(PROPERTY.slice(0, 3))),
      d('Year built', String(built)),
      d('Living area', `${rng.int(11, 42) * 100} sq ft`),
      d('Estimated value', `$${rng.int(18, 95) * 10},000`),
    ],
  };
}
