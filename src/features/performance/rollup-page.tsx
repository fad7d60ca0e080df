/**
 * The rollup screens under /dashboard/performance (spec part 3 §2.5), chosen by the path:
 * summary, search, social, programmatic, revconnect and devices. Each has the range picker and the location
 * filter; its content waits behind a spinner until the locations are known (the filters chosen).
 * Default export: loaded lazily by the dashboard's route table.
 */
import './performance.css';
import { useLocation } from 'wouter';
import { DevicesScreen } from './devices-page';
import { ProgrammaticScreen } from './programmatic-page';
import { RevconnectScreen } from './revconnect-page';
import { type Screen, ScreenFrame } from './screen-frame';
import { SearchScreen } from './search-page';
import { SocialScreen } from './social-page';
import { SummaryScreen, summaryTitle } from './summary-page';
import { useScreen } from './use-screen';

const SCREENS = {
  summary: { title: summaryTitle, Screen: SummaryScreen },
  search: { title: () => 'Paid Search', Screen: SearchScreen },
  social: { title: () => 'Social Ads', Screen: SocialScreen },
  programmatic: { title: () => 'Paid Ads - Programmatic', Screen: ProgrammaticScreen },
  revconnect: { title: () => 'RevConnect', Screen: RevconnectScreen },
  devices: { title: () => 'Device Breakdown', Screen: DevicesScreen },
} as const;

type Name = keyof typeof SCREENS;

export default function RollupPage() {
  const [path] = useLocation();
  const last = path.split('/').filter(Boolean).pop() ?? 'summary';
  const name: Name = last in SCREENS ? (last as Name) : 'summary';
  // One screen state per path: switching screens starts that screen's own filters and reads.
  return <Rollup key={name} name={name} />;
}

function Rollup({ name }: { name: Name }) {
  const s: Screen = useScreen(name);
  const { title, Screen: Content } = SCREENS[name];
  if (!s.filters) return <ScreenFrame title={title()} s={s} read={null} />;
  return <Content s={s} filters={s.filters} />;
}
