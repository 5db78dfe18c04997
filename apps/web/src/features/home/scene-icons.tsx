import { Icon, type IconProps } from '../../components/icons';

export const CheckinIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
    <path d="M3.5 9.5h17M8 3v4M16 3v4" />
    <path d="M12 17.5s-3-1.8-3-3.7a1.6 1.6 0 0 1 3-.8 1.6 1.6 0 0 1 3 .8c0 1.9-3 3.7-3 3.7z" />
  </Icon>
);

export const ChatSparkIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M20.5 12a8 8 0 0 1-11.8 7L4 20.5l1.5-4.4A8 8 0 1 1 20.5 12z" />
    <path d="M12 8.2 13 11l2.8 1-2.8 1-1 2.8-1-2.8-2.8-1 2.8-1z" />
  </Icon>
);

export const TrendIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3.5 20.5h17" />
    <path d="m4.5 15.5 4.5-4.5 3.5 3 7-7.5" />
    <path d="M15 6.5h4.5V11" />
  </Icon>
);

export const StakeIcon = (p: IconProps) => (
  <Icon {...p}>
    <ellipse cx="12" cy="6.5" rx="7" ry="2.8" />
    <path d="M5 6.5v4.5c0 1.5 3.1 2.8 7 2.8s7-1.3 7-2.8V6.5" />
    <path d="M12 21s-3.5-2-3.5-4.2a1.8 1.8 0 0 1 3.5-.7 1.8 1.8 0 0 1 3.5.7C15.5 19 12 21 12 21z" />
  </Icon>
);

export const TrophyIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7.5 4h9v5a4.5 4.5 0 0 1-9 0z" />
    <path d="M7.5 6H4.5a3 3 0 0 0 3 4M16.5 6h3a3 3 0 0 1-3 4" />
    <path d="M12 13.5v3.5M8.5 20.5h7M9.5 17h5v3.5h-5z" />
  </Icon>
);
