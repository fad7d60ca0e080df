/**
 * The time zone of a US place (state and ZIP), for a new business's account zone at sign-up.
 *
 * - Most states lie in one zone: STATE_ZONES. Arizona is America/Phoenix (no daylight-saving
 *   time), Alaska America/Anchorage, Hawaii Pacific/Honolulu.
 * - Thirteen states span two zones. There the ZIP decides: its three-digit area (the postal
 *   sectional centre) names the part of the state in the other zone (SPLIT_AREAS), and a few
 *   five-digit ZIPs where an area straddles the line are named one by one (SPLIT_ZIPS). An area
 *   follows county lines only roughly, so a business in a border county may be an hour off; My
 *   Profile's time zone corrects it, and nothing here runs again once the business exists.
 * - Without a state we know, there is no answer (null): the caller keeps the zone it has.
 */

const ET = 'America/New_York';
const CT = 'America/Chicago';
const MT = 'America/Denver';
const PT = 'America/Los_Angeles';

const zones = (zone: string, states: string) => states.split(' ').map((state) => [state, zone] as const);

/** Each state's zone (for a split state, the zone of most of it). */
const STATE_ZONES: Record<string, string> = Object.fromEntries([
  ...zones(ET, 'CT DC DE FL GA IN KY MA MD ME MI NC NH NJ NY OH PA RI SC VA VT WV'),
  ...zones(CT, 'AL AR IA IL KS LA MN MO MS ND NE OK SD TN TX WI'),
  ...zones(MT, 'CO ID MT NM UT WY'),
  ...zones(PT, 'CA NV OR WA'),
  ['AZ', 'America/Phoenix'],
  ['AK', 'America/Anchorage'],
  ['HI', 'Pacific/Honolulu'],
]);

/** Three-digit ZIP areas of a split state that lie in its other zone. */
const SPLIT_AREAS: Record<string, Record<string, string>> = {
  FL: { '324': CT, '325': CT }, // the Panhandle west of the Apalachicola: Pensacola, Panama City
  IN: { '463': CT, '464': CT, '476': CT, '477': CT }, // near Chicago (Gary) and near Evansville
  KY: { '420': CT, '421': CT, '422': CT, '423': CT, '424': CT }, // the west: Paducah, Bowling Green, Owensboro
  TN: { '373': ET, '374': ET, '376': ET, '377': ET, '378': ET, '379': ET }, // the east: Chattanooga, Knoxville, Tri-Cities
  TX: { '798': MT, '799': MT, '885': MT }, // El Paso and Hudspeth counties
  ND: { '586': MT }, // the southwest: Dickinson
  SD: { '577': MT }, // the west: Rapid City
  NE: { '693': MT }, // the Panhandle: Scottsbluff, Alliance
  OR: { '979': MT }, // Malheur County: Ontario
  ID: { '835': PT, '838': PT }, // the north: Lewiston, Coeur d'Alene, Moscow
};

/** Five-digit ZIPs on the other side of the line from their area's zone. */
const SPLIT_ZIPS: Record<string, string> = {
  // Michigan's Upper Peninsula counties on Wisconsin (Gogebic, Iron, Dickinson, Menominee): Central.
  ...Object.fromEntries(
    '49801 49802 49812 49815 49831 49834 49847 49848 49852 49858 49863 49870 49873 49874 49876 49881 49886 49887 49892 49893 49896 49902 49903 49911 49915 49920 49927 49935 49938 49947 49959 49964 49968 49969'
      .split(' ')
      .map((zip) => [zip, CT]),
  ),
  // Kansas's four western counties (Sherman, Wallace, Greeley, Hamilton): Mountain.
  ...Object.fromEntries(
    '67735 67741 67758 67761 67762 67836 67857 67878 67879'.split(' ').map((zip) => [zip, MT]),
  ),
  // Nebraska's west outside the 693 area (Sidney, Kimball, Ogallala, Chappell, Imperial, Benkelman): Mountain.
  ...Object.fromEntries(
    '69021 69030 69033 69122 69129 69140 69145 69147 69153 69154 69162'.split(' ').map((zip) => [zip, MT]),
  ),
  // Texas's 798 area beyond Hudspeth County (Alpine, Marfa, Presidio, Van Horn...): Central.
  ...Object.fromEntries(
    '79830 79834 79842 79843 79845 79846 79848 79852 79854 79855'.split(' ').map((zip) => [zip, CT]),
  ),
  // Oregon's 979 area outside Malheur County (Drewsey, Durkee): Pacific.
  97904: PT,
  97905: PT,
  // Florida's Port St. Joe (Gulf County's Eastern part).
  32456: ET,
  // Nevada's West Wendover keeps Utah's time.
  89883: MT,
  // The Navajo Nation in Arizona keeps daylight-saving time.
  ...Object.fromEntries(
    '86033 86044 86045 86503 86504 86505 86507 86508 86511 86514 86515 86535 86538 86545 86547 86556'
      .split(' ')
      .map((zip) => [zip, MT]),
  ),
  // The Aleutians west of 169.5°W (Adak, Atka).
  99546: 'America/Adak',
  99547: 'America/Adak',
};

/** The IANA zone of a place in the 50 states or DC; null for a state it does not know. */
export function zoneOfPlace(place: { state: string | null; zipcode: string | null }): string | null {
  const state = place.state?.trim().toUpperCase() ?? '';
  const zone = STATE_ZONES[state];
  if (!zone) return null;
  const zip = /^\d{5}/.exec(place.zipcode?.trim() ?? '')?.[0];
  if (!zip) return zone;
  return SPLIT_ZIPS[zip] ?? SPLIT_AREAS[state]?.[zip.slice(0, 3)] ?? zone;
}
