/** A colourful disc derived from the address, so each wallet is recognisable at a glance. */
export function AddressAvatar({ address, size }: { address: string; size: string }) {
  const hex = address.replace(/^0x/i, '').toLowerCase() || '0';
  const hueA = parseInt(hex.slice(0, 6), 16) % 360 || 260;
  const hueB = (hueA + 70 + (parseInt(hex.slice(-4), 16) % 90 || 0)) % 360;
  return (
    <span
      className="address-avatar"
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        background: `radial-gradient(circle at 30% 25%, hsl(${hueB} 90% 70%), transparent 55%), linear-gradient(135deg, hsl(${hueA} 80% 58%), hsl(${hueB} 85% 50%))`,
      }}
    />
  );
}
