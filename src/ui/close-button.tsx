/** The × button that closes a dialog, drawer or panel; `label` is its accessible name. */
export function CloseButton({
  onClick,
  className = 'icon-button',
  label = 'Close',
  size = 20,
}: {
  onClick: () => void;
  className?: string;
  label?: string;
  size?: number;
}) {
  return (
    <button type="button" className={className} aria-label={label} onClick={onClick}>
      <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
