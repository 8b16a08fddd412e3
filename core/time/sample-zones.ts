/**
 * Time zones property tests draw from: summer time in the north and the south, one without it at a
 * half-hour offset, and UTC.
 */
export const SAMPLE_ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Sydney',
  'Asia/Kolkata',
  'UTC',
] as const;
