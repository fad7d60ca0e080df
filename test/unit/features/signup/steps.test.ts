/** Step sets, navigation bounds, forced step 2, progress and the header's back link. */
import { describe, expect, it } from 'vitest';
import {
  backLink,
  clampStep,
  type Flow,
  type Forcing,
  nextStep,
  previousStep,
  progressPercent,
  STEP_SETS,
  stepId,
  totalSteps,
} from '../../../../src/features/signup/steps';

const free: Forcing = { editStep2: false, regToken: false, addAccount: false };
const forcedBy: Forcing[] = [
  { ...free, editStep2: true },
  { ...free, regToken: true },
  { ...free, addAccount: true },
];

describe('step sets', () => {
  it('has the spec step ids per flow', () => {
    expect(STEP_SETS.standard).toEqual([
      'account-creation',
      'business-profile',
      'connect-accounts',
      'finalizing-account',
    ]);
    expect(STEP_SETS.legacy).toEqual([
      'account-creation',
      'business-profile',
      'additional-ways',
      'payment',
      'finalizing-account',
    ]);
    expect(STEP_SETS.custom).toEqual(['account-creation', 'business-profile']);
  });
});

describe('navigation never leaves the range', () => {
  it.each<Flow>(['standard', 'legacy', 'custom'])(
    '%s: next stops at the last step, back at the first',
    (flow) => {
      const total = totalSteps(flow);
      let step = 1;
      for (let i = 0; i < total + 3; i++) step = nextStep(flow, step, free);
      expect(step).toBe(total);
      for (let i = 0; i < total + 3; i++) step = previousStep(flow, step, free);
      expect(step).toBe(1);
    },
  );

  it.each(forcedBy)('forces step 2 (%j): back never reaches step 1', (forcing) => {
    expect(clampStep('standard', 1, forcing)).toBe(2);
    expect(previousStep('standard', 2, forcing)).toBe(2);
    expect(nextStep('standard', 2, forcing)).toBe(3);
    expect(clampStep('legacy', 4, forcing)).toBe(4);
  });

  it.each([
    [0, 1],
    [-3, 1],
    [99, 4],
    [2.7, 2],
    [Number.NaN, 1],
  ])('clamps a stored step %s to %s', (stored, expected) => {
    expect(clampStep('standard', stored, free)).toBe(expected);
  });

  it('maps numbers to ids within the set', () => {
    expect(stepId('legacy', 3)).toBe('additional-ways');
    expect(stepId('legacy', 4)).toBe('payment');
    expect(stepId('custom', 9)).toBe('business-profile');
  });
});

describe('progress and back link', () => {
  it.each<[Flow, number, number]>([
    ['standard', 1, 25],
    ['standard', 3, 75],
    ['legacy', 1, 20],
    ['legacy', 4, 80],
    ['custom', 1, 50],
    ['custom', 2, 100],
  ])('%s step %s is %s%%', (flow, step, percent) => {
    expect(progressPercent(flow, step)).toBe(percent);
  });

  it("says 'Login' on step 1 and the previous step's name after", () => {
    expect(backLink('standard', 1, free)).toEqual({ label: 'Login', to: 'login' });
    expect(backLink('standard', 2, free)).toEqual({ label: 'Account Setup', to: 1 });
    expect(backLink('standard', 3, free)).toEqual({ label: 'Business Profile', to: 2 });
    expect(backLink('legacy', 4, free)).toEqual({ label: 'Additional Ways', to: 3 });
    expect(backLink('legacy', 4, free)).toEqual({ label: 'Additional Ways', to: 3 });
    // The account exists on the last step: nothing to go back to change.
    expect(backLink('legacy', 5, free)).toBeNull();
    expect(backLink('standard', 4, free)).toBeNull();
    expect(backLink('standard', 2, { ...free, addAccount: true })).toBeNull();
  });
});
