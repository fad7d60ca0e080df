/**
 * A small hand-made US geography for the demo: the counties around the demo customers' cities,
 * each with real ZIP codes of that county. Coordinates are the city centre plus a small offset
 * derived from the ZIP, close enough for "within 30 miles" searches in a demo.
 *
 * The first county of a city contains the city's main ZIP (the one the people seed gives an
 * account), which is how an account is placed.
 */
export type GeoCounty = { name: string; state: string; zips: [zipcode: string, city: string][] };
export type GeoCity = {
  city: string;
  state: string;
  zipcode: string;
  areaCode: string;
  lat: number;
  lng: number;
  counties: GeoCounty[];
};

const c = (
  city: string,
  state: string,
  zipcode: string,
  areaCode: string,
  lat: number,
  lng: number,
  counties: [string, string][],
): GeoCity => ({
  city,
  state,
  zipcode,
  areaCode,
  lat,
  lng,
  counties: counties.map(([name, list]) => ({
    name,
    state,
    zips: list.split(' ').map((entry) => {
      const [zip, place] = entry.split(':');
      return [zip, place ? place.replace(/_/g, ' ') : city] as [string, string];
    }),
  })),
});

export const GEO_CITIES: GeoCity[] = [
  c('Austin', 'TX', '78701', '512', 30.27, -97.74, [
    ['Travis County', '78701 78702 78703 78704 78705 78721 78723 78731 78745 78748 78749 78757'],
    [
      'Williamson County',
      '78664:Round_Rock 78665:Round_Rock 78681:Round_Rock 78613:Cedar_Park 78626:Georgetown 78641:Leander',
    ],
    ['Bastrop County', '78602:Bastrop'],
  ]),
  c('Dallas', 'TX', '75201', '214', 32.78, -96.8, [
    ['Dallas County', '75201 75204 75206 75214 75219 75225 75230 75243'],
    ['Collin County', '75002:Allen 75023:Plano 75024:Plano 75025:Plano 75070:McKinney 75034:Frisco'],
  ]),
  c('Houston', 'TX', '77002', '713', 29.76, -95.37, [
    ['Harris County', '77002 77004 77006 77007 77008 77019 77024 77056 77098'],
    ['Fort Bend County', '77479:Sugar_Land 77478:Sugar_Land 77494:Katy 77406:Richmond 77459:Missouri_City'],
    [
      'Montgomery County',
      '77301:Conroe 77380:The_Woodlands 77381:The_Woodlands 77382:The_Woodlands 77384:Conroe',
    ],
  ]),
  c('San Antonio', 'TX', '78205', '210', 29.42, -98.49, [
    ['Bexar County', '78205 78209 78212 78213 78216 78230 78232 78249'],
  ]),
  c('Phoenix', 'AZ', '85004', '602', 33.45, -112.07, [
    [
      'Maricopa County',
      '85004 85006 85008 85012 85016 85018 85020 85032 85201:Mesa 85251:Scottsdale 85281:Tempe',
    ],
  ]),
  c('Tucson', 'AZ', '85701', '520', 32.22, -110.97, [
    ['Pima County', '85701 85705 85710 85711 85712 85716 85719 85745'],
  ]),
  c('Denver', 'CO', '80202', '303', 39.74, -104.99, [
    ['Denver County', '80202 80203 80205 80206 80209 80210 80211 80218'],
    [
      'Jefferson County',
      '80401:Golden 80226:Lakewood 80227:Lakewood 80033:Wheat_Ridge 80002:Arvada 80003:Arvada',
    ],
  ]),
  c('Colorado Springs', 'CO', '80903', '719', 38.83, -104.82, [
    ['El Paso County', '80903 80904 80905 80906 80907 80909 80910 80918'],
  ]),
  c('Atlanta', 'GA', '30303', '404', 33.75, -84.39, [
    ['Fulton County', '30303 30305 30306 30308 30309 30318 30324 30327'],
    ['Cobb County', '30060:Marietta 30062:Marietta 30064:Marietta 30080:Smyrna 30082:Smyrna 30144:Kennesaw'],
  ]),
  c('Savannah', 'GA', '31401', '912', 32.08, -81.09, [
    ['Chatham County', '31401 31404 31405 31406 31410 31411 31419'],
  ]),
  c('Charlotte', 'NC', '28202', '704', 35.23, -80.84, [
    ['Mecklenburg County', '28202 28203 28204 28205 28207 28209 28210 28211'],
  ]),
  c('Raleigh', 'NC', '27601', '919', 35.78, -78.64, [
    ['Wake County', '27601 27603 27604 27605 27606 27607 27608 27609'],
  ]),
  c('Nashville', 'TN', '37203', '615', 36.16, -86.78, [
    ['Davidson County', '37203 37204 37205 37206 37208 37209 37212 37215'],
  ]),
  c('Memphis', 'TN', '38103', '901', 35.15, -90.05, [
    ['Shelby County', '38103 38104 38105 38111 38112 38117 38119 38120'],
  ]),
  c('Orlando', 'FL', '32801', '407', 28.54, -81.38, [
    ['Orange County', '32801 32803 32804 32806 32807 32808 32812 32819'],
  ]),
  c('Tampa', 'FL', '33602', '813', 27.95, -82.46, [
    ['Hillsborough County', '33602 33603 33604 33606 33609 33611 33612 33629'],
  ]),
  c('Jacksonville', 'FL', '32202', '904', 30.33, -81.66, [
    ['Duval County', '32202 32204 32205 32207 32210 32216 32217 32256'],
  ]),
  c('Columbus', 'OH', '43215', '614', 39.96, -83.0, [
    ['Franklin County', '43201 43202 43205 43206 43209 43212 43214 43215'],
  ]),
  c('Cincinnati', 'OH', '45202', '513', 39.1, -84.51, [
    ['Hamilton County', '45202 45206 45208 45209 45211 45219 45220 45230'],
  ]),
  c('Indianapolis', 'IN', '46204', '317', 39.77, -86.16, [
    ['Marion County', '46201 46202 46203 46204 46205 46208 46220 46240'],
  ]),
  c('Kansas City', 'MO', '64106', '816', 39.1, -94.58, [
    ['Jackson County', '64105 64106 64108 64109 64110 64111 64112 64114'],
  ]),
  c('St. Louis', 'MO', '63101', '314', 38.63, -90.2, [
    ['St. Louis City', '63101 63104 63108 63109 63110 63116 63118 63139'],
  ]),
  c('Oklahoma City', 'OK', '73102', '405', 35.47, -97.52, [
    ['Oklahoma County', '73102 73103 73105 73106 73107 73112 73118 73120'],
  ]),
  c('Omaha', 'NE', '68102', '402', 41.26, -95.94, [
    ['Douglas County', '68102 68104 68105 68106 68114 68124 68131 68132'],
  ]),
  c('Salt Lake City', 'UT', '84101', '801', 40.76, -111.89, [
    ['Salt Lake County', '84101 84102 84103 84105 84106 84108 84109 84115'],
  ]),
  c('Boise', 'ID', '83702', '208', 43.62, -116.2, [
    ['Ada County', '83702 83703 83704 83705 83706 83709 83712 83713'],
  ]),
  c('Las Vegas', 'NV', '89101', '702', 36.17, -115.14, [
    ['Clark County', '89101 89102 89104 89107 89108 89117 89121 89123'],
  ]),
  c('Albuquerque', 'NM', '87102', '505', 35.08, -106.65, [
    ['Bernalillo County', '87102 87104 87105 87106 87107 87108 87109 87110'],
  ]),
];

/** The city whose main ZIP is `zipcode`, else one picked stably from the ZIP's digits. */
export function cityForZip(zipcode: string | null): GeoCity {
  const found = GEO_CITIES.find(
    (g) => g.zipcode === zipcode || g.counties.some((c) => c.zips.some(([z]) => z === zipcode)),
  );
  if (found) return found;
  const n = Number.parseInt(zipcode ?? '0', 10) || 0;
  return GEO_CITIES[n % GEO_CITIES.length];
}

/** A deterministic point near the city centre for a ZIP (within ~12 miles). */
export function zipPoint(city: GeoCity, zipcode: string): { latitude: number; longitude: number } {
  const n = Number.parseInt(zipcode, 10);
  const dx = ((n * 37) % 21) - 10;
  const dy = ((n * 53) % 21) - 10;
  return {
    latitude: Math.round((city.lat + dy * 0.017) * 1e5) / 1e5,
    longitude: Math.round((city.lng + dx * 0.02) * 1e5) / 1e5,
  };
}
