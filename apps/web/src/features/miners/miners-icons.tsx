import { Icon, type IconProps } from '../../components/icons';

export const BoltIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M13 2.8 5.5 13.2h6l-1 8 7.5-10.4h-6z" />
  </Icon>
);

export const CalendarIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.8" y="5" width="16.4" height="15" rx="2.5" />
    <path d="M3.8 9.8h16.4M8.2 3v4M15.8 3v4" />
  </Icon>
);

export const GiftIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="8.5" width="17" height="4" rx="1" />
    <path d="M5 12.5V20h14v-7.5M12 8.5V20" />
    <path d="M12 8.5S10.8 4 8.5 4a2.2 2.2 0 0 0 0 4.5zM12 8.5S13.2 4 15.5 4a2.2 2.2 0 0 1 0 4.5z" />
  </Icon>
);

export const TruckIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M2.8 6.5h11v9.5h-11zM13.8 10h4l3.4 3.3V16h-7.4" />
    <circle cx="7" cy="17.5" r="1.8" />
    <circle cx="17.5" cy="17.5" r="1.8" />
  </Icon>
);

export const PowerIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3v8.5" />
    <path d="M7 6.2a7.5 7.5 0 1 0 10 0" />
  </Icon>
);

export const SendIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M20.5 3.5 10 14M20.5 3.5 14 20.5l-4-6.5-6.5-4z" />
  </Icon>
);

export const MinusIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5.5 12h13" />
  </Icon>
);

export const PlusIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 5.5v13M5.5 12h13" />
  </Icon>
);

export const CheckCircleIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="m8.2 12.3 2.6 2.6 5-5.3" />
  </Icon>
);

export const CoinsIcon = (p: IconProps) => (
  <Icon {...p}>
    <ellipse cx="9" cy="7" rx="5.5" ry="2.5" />
    <path d="M3.5 7v4.5C3.5 12.9 6 14 9 14s5.5-1.1 5.5-2.5V7" />
    <path d="M9.5 16.4c.9.4 2.2.6 3.5.6 3 0 5.5-1.1 5.5-2.5V10M14.5 10.5c2.3.2 4-.9 4-2" />
  </Icon>
);

export const InfoIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 11v5.2M12 7.8v.1" />
  </Icon>
);

export const OrdersIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="5" y="3.5" width="14" height="17" rx="2.5" />
    <path d="M8.5 8.5h7M8.5 12h7M8.5 15.5h4" />
  </Icon>
);

export const ServerIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="4" y="4" width="16" height="7" rx="2" />
    <rect x="4" y="13" width="16" height="7" rx="2" />
    <path d="M7.5 7.5h.1M7.5 16.5h.1M11 7.5h5M11 16.5h5" />
  </Icon>
);
