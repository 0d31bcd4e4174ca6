import { createContext, useContext } from 'react';
import type { ThemeSettings } from './theme-settings';

export interface ThemeControl extends ThemeSettings {
  setTheme(next: Partial<ThemeSettings>): void;
}

export const ThemeContext = createContext<ThemeControl | null>(null);

export function useTheme(): ThemeControl {
  const control = useContext(ThemeContext);
  if (!control) throw new Error('useTheme outside ThemeProvider');
  return control;
}
