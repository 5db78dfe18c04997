import type { ComponentType, ReactNode } from 'react';
import { Icon, TradeIcon, type IconProps } from '../../components/icons';
import { ChipIcon, InfoIcon, LockIcon, TeamIcon } from '../../components/screen-icons';

// The pictures of articles (by key) and ecology items (by the icon name the operators give); a name
// the app does not know gets a neutral one, never nothing.

export const DocumentIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 3.5H7A2.5 2.5 0 0 0 4.5 6v12A2.5 2.5 0 0 0 7 20.5h10a2.5 2.5 0 0 0 2.5-2.5V9z" />
    <path d="M14 3.5V9h5.5M8.5 13h7M8.5 16.5h5" />
  </Icon>
);

const BriefcaseIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="7" width="17" height="12.5" rx="2.2" />
    <path d="M9 7V5.5A1.5 1.5 0 0 1 10.5 4h3A1.5 1.5 0 0 1 15 5.5V7M3.5 12.5h17M10.5 12.5v1.5h3v-1.5" />
  </Icon>
);

const LifebuoyIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <circle cx="12" cy="12" r="3.5" />
    <path d="m6 6 3.5 3.5M14.5 14.5 18 18M18 6l-3.5 3.5M9.5 14.5 6 18" />
  </Icon>
);

const HeartChatIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M20.5 12a8 8 0 0 1-11.8 7L4 20.5l1.5-4.4A8 8 0 1 1 20.5 12z" />
    <path d="M12 15.5s-3.2-1.9-3.2-4a1.7 1.7 0 0 1 3.2-.8 1.7 1.7 0 0 1 3.2.8c0 2.1-3.2 4-3.2 4z" />
  </Icon>
);

const StakeIcon = (p: IconProps) => (
  <Icon {...p}>
    <ellipse cx="12" cy="6.5" rx="7" ry="2.8" />
    <path d="M5 6.5v4.5c0 1.5 3.1 2.8 7 2.8s7-1.3 7-2.8V6.5" />
    <path d="M12 21s-3.5-2-3.5-4.2a1.8 1.8 0 0 1 3.5-.7 1.8 1.8 0 0 1 3.5.7C15.5 19 12 21 12 21z" />
  </Icon>
);

const CollegeIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m2.5 9 9.5-4.5L21.5 9 12 13.5z" />
    <path d="M6.5 11v5c1.5 1.6 3.3 2.4 5.5 2.4s4-.8 5.5-2.4v-5M21.5 9v5" />
  </Icon>
);

const SparkIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3.5 13.9 10l6.6 2-6.6 2L12 20.5 10.1 14l-6.6-2 6.6-2z" />
  </Icon>
);

type Picture = ComponentType<IconProps>;

const articleIcons: Record<string, Picture> = {
  agreement: DocumentIcon,
  privacy: LockIcon,
  about: InfoIcon,
  cooperation: BriefcaseIcon,
  support: LifebuoyIcon,
};

/** The picture of an article, by its key. */
export function articleIcon(key: string): ReactNode {
  const Picture = Object.hasOwn(articleIcons, key) ? articleIcons[key]! : DocumentIcon;
  return <Picture />;
}

const CalendarHeartIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
    <path d="M3.5 9.5h17M8 3v4M16 3v4" />
    <path d="M12 17.5s-3-1.8-3-3.7a1.6 1.6 0 0 1 3-.8 1.6 1.6 0 0 1 3 .8c0 1.9-3 3.7-3 3.7z" />
  </Icon>
);

const TrendIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3.5 20.5h17" />
    <path d="m4.5 15.5 4.5-4.5 3.5 3 7-7.5" />
    <path d="M15 6.5h4.5V11" />
  </Icon>
);

const TrophyIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7.5 4h9v5a4.5 4.5 0 0 1-9 0z" />
    <path d="M7.5 6H4.5a3 3 0 0 0 3 4M16.5 6h3a3 3 0 0 1-3 4" />
    <path d="M12 13.5v3.5M8.5 20.5h7M9.5 17h5v3.5h-5z" />
  </Icon>
);

/** Each known ecology icon with the tone of its tile. */
const ecologyIcons: Record<string, { Icon: Picture; tone: string }> = {
  therapy: { Icon: HeartChatIcon, tone: 'cyan' },
  staking: { Icon: StakeIcon, tone: 'amber' },
  miner: { Icon: ChipIcon, tone: 'violet' },
  market: { Icon: TradeIcon, tone: 'green' },
  team: { Icon: TeamIcon, tone: 'pink' },
  college: { Icon: CollegeIcon, tone: 'blue' },
  checkin: { Icon: CalendarHeartIcon, tone: 'violet' },
  tracking: { Icon: TrendIcon, tone: 'green' },
  leaderboard: { Icon: TrophyIcon, tone: 'amber' },
};

/** The picture of an ecology item, by its icon name, and the tone of its tile. */
export function ecologyIcon(name: string): { icon: ReactNode; tone: string } {
  const { Icon: Picture, tone } = Object.hasOwn(ecologyIcons, name)
    ? ecologyIcons[name]!
    : { Icon: SparkIcon, tone: 'violet' };
  return { icon: <Picture />, tone };
}
