import { Icon, type IconProps } from '../../components/icons';

export const WalletIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M19 7.5V6a2 2 0 0 0-2-2H5.5A2.5 2.5 0 0 0 3 6.5v11A2.5 2.5 0 0 0 5.5 20H19a2 2 0 0 0 2-2V9.5a2 2 0 0 0-2-2H5.5A2.5 2.5 0 0 1 3 6.5" />
    <circle cx="16.5" cy="13.8" r="1.3" fill="currentColor" stroke="none" />
  </Icon>
);

export const WarningIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10.3 4.2 2.8 17.5A2 2 0 0 0 4.5 20.5h15a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0z" />
    <path d="M12 9.5v4.2M12 17h.01" />
  </Icon>
);
