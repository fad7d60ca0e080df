import { describe, expect, it } from 'vitest';
import { visibleTabs } from '../../../../src/features/leads/lead-tabs';

const details = (transcriptions: number) => ({
  lead_details: [],
  recording_url: null,
  call_duration: null,
  dispute_status: null,
  conversations: [],
  transcriptions: Array.from({ length: transcriptions }, () => ({
    participant_type: 'speaker_1',
    message_text: 'Hi',
  })),
});
const people = { owner: [{ label: 'Age range', description: '35-44' }], property: [] };

describe('drawer tabs', () => {
  it('hides Questions for calls and Transcript for calls without transcriptions', () => {
    expect(visibleTabs({ type: 'Call', details: details(2), demographic: null })).toEqual([
      'details',
      'transcript',
    ]);
    expect(visibleTabs({ type: 'Call', details: details(0), demographic: null })).toEqual(['details']);
  });

  it('hides Transcript for forms and Demographic when empty', () => {
    expect(visibleTabs({ type: 'Form', details: details(3), demographic: people })).toEqual([
      'details',
      'questions',
      'demographic',
    ]);
    expect(
      visibleTabs({ type: 'Form', details: details(0), demographic: { owner: [], property: [] } }),
    ).toEqual(['details', 'questions']);
  });
});
