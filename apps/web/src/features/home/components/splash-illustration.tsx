/** A wallet waiting for its first coins: the home of an organisation that is not activated. */
export function SplashIllustration() {
  return (
    <svg width="280" height="190" viewBox="0 0 280 190" role="img" aria-label="A wallet waiting to be activated">
      <ellipse cx="140" cy="172" rx="110" ry="10" fill="#e0e7ff" />
      {/* wallet */}
      <rect x="58" y="52" width="150" height="108" rx="18" fill="#4f46e5" />
      <path d="M58 80 a18 18 0 0 1 18 -18 h112 a18 18 0 0 1 18 18 v2 h-148 z" fill="#4338ca" />
      <rect x="150" y="94" width="72" height="38" rx="12" fill="#312e81" />
      <circle cx="170" cy="113" r="8" fill="#a5b4fc" />
      <rect x="78" y="108" width="50" height="8" rx="4" fill="#818cf8" />
      <rect x="78" y="124" width="34" height="8" rx="4" fill="#818cf8" />
      {/* coins dropping in */}
      <g>
        <circle cx="120" cy="26" r="18" fill="#fbbf24" />
        <circle cx="120" cy="26" r="12" fill="none" stroke="#f59e0b" strokeWidth="3" />
        <text x="120" y="32" textAnchor="middle" fontSize="16" fontWeight="700" fill="#b45309" fontFamily="Arial, sans-serif">
          $
        </text>
      </g>
      <circle cx="160" cy="36" r="11" fill="#fcd34d" />
      <circle cx="160" cy="36" r="6.5" fill="none" stroke="#f59e0b" strokeWidth="2.5" />
      {/* sparkles */}
      <path d="M236 56 l4 10 l10 4 l-10 4 l-4 10 l-4 -10 l-10 -4 l10 -4 z" fill="#c7d2fe" />
      <path d="M36 96 l3 7 l7 3 l-7 3 l-3 7 l-3 -7 l-7 -3 l7 -3 z" fill="#c7d2fe" />
    </svg>
  );
}
