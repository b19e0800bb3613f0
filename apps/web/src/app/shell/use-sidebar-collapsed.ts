import { useCallback, useState } from 'react';

const KEY = 'crewpay.sidebar_collapsed';

/** The sidebar's collapsed state, remembered across visits. */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [isCollapsed, setIsCollapsed] = useState(() => window.localStorage.getItem(KEY) === 'true');
  const toggle = useCallback(() => {
    setIsCollapsed((collapsed) => {
      window.localStorage.setItem(KEY, String(!collapsed));
      return !collapsed;
    });
  }, []);
  return [isCollapsed, toggle];
}
