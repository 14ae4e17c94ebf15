import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DATE_FORMATS, getPreferences, THEMES, updatePreferences, type UserPreferences } from '@budget/contracts';
import { LoadError, LoadingBlock, routeQueryKey, SelectField, sendFailure, useSession } from '@budget/web';
import { applyPreferences, usePreferences } from './preferences.js';

const EXAMPLE = '2025-12-31';
const dateOptions = DATE_FORMATS.map((format) => ({
  value: format,
  label: `${format} (${format.replace('YYYY', EXAMPLE.slice(0, 4)).replace('MM', EXAMPLE.slice(5, 7)).replace('DD', EXAMPLE.slice(8, 10))})`,
}));
const weekOptions = [
  { value: '0', label: 'Sunday' },
  { value: '1', label: 'Monday' },
];
const themeLabels: Record<UserPreferences['theme'], string> = { system: 'System', light: 'Light', dark: 'Dark' };
const themeOptions = THEMES.map((theme) => ({ value: theme, label: themeLabels[theme] }));

/** Date format, first day of the week and theme: each change is saved (PATCH /user/preferences) and applied at once. */
export function PreferencesForm() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const query = usePreferences();
  const [error, setError] = useState<string | null>(null);
  const preferences = query.data?.data;
  if (!preferences) return query.isError ? <LoadError what="Your preferences" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} /> : <LoadingBlock />;

  const save = async (changes: Partial<UserPreferences>) => {
    setError(null);
    applyPreferences({ ...preferences, ...changes });
    try {
      const response = await api.send(updatePreferences, { body: changes });
      if (!response.ok) throw new Error('The preference was not saved. Please try again.');
      queryClient.setQueryData(routeQueryKey(getPreferences, {}), response.body);
    } catch (cause) {
      applyPreferences(preferences);
      setError(cause instanceof Error ? cause.message : sendFailure(cause));
    }
  };

  return (
    <form aria-label="Preferences" onSubmit={(event) => event.preventDefault()}>
      <SelectField label="Date format" options={dateOptions} value={preferences.dateFormat} onChange={(e) => void save({ dateFormat: e.target.value as UserPreferences['dateFormat'] })} />
      <SelectField label="First day of the week" options={weekOptions} value={String(preferences.weekStart)} onChange={(e) => void save({ weekStart: e.target.value === '1' ? 1 : 0 })} />
      <SelectField label="Theme" options={themeOptions} value={preferences.theme} onChange={(e) => void save({ theme: e.target.value as UserPreferences['theme'] })} />
      {error ? <p role="alert">{error}</p> : null}
    </form>
  );
}
