import { Icon, type IconProps } from '../../components/icons';

export const ArrowInIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M17.5 6.5 6.5 17.5M6.5 8.5v9h9" />
  </Icon>
);

export const ArrowOutIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6.5 17.5l11-11M8.5 6.5h9v9" />
  </Icon>
);

export const ChevronDownIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m6 9.5 6 6 6-6" />
  </Icon>
);

export const ShieldKeyIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3 4.5 6v5.5c0 4.5 3.2 8.2 7.5 9.5 4.3-1.3 7.5-5 7.5-9.5V6z" />
    <circle cx="12" cy="10.5" r="2.2" />
    <path d="M12 12.7V16M12 14.5h1.6" />
  </Icon>
);

export const DepositIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3.5v11M7.5 10l4.5 4.5 4.5-4.5M4.5 19.5h15" />
  </Icon>
);

export const WithdrawalIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 15V4M7.5 8.5 12 4l4.5 4.5M4.5 19.5h15" />
  </Icon>
);

export const FeeIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="m9 15 6-6M9.2 9.2h.01M14.8 14.8h.01" />
  </Icon>
);

export const RefundIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 14.5 4.5 10 9 5.5" />
    <path d="M4.5 10h10a5 5 0 0 1 0 10H11" />
  </Icon>
);

export const SparkIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3.5 13.8 10l6.7 2-6.7 2L12 20.5 10.2 14l-6.7-2 6.7-2z" />
  </Icon>
);
