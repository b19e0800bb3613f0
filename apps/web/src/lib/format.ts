import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

// The spec's date formats.
export const formatDate = (value: string | number | Date) => dayjs(value).format('M/D/YYYY');
export const formatDateTime = (value: string | number | Date) => dayjs(value).format('M/D/YYYY h:mm A');
export const formatLongDate = (value: string | number | Date) => dayjs(value).format('MMMM D, YYYY');
export const formatRelative = (value: string | number | Date) => dayjs(value).fromNow();

type Named = { email: string; first_name: string | null; last_name: string | null; display_name?: string | null };

/** The display name the person chose (Settings > Profile), else first and last name when known, else the email. */
export function displayName(person: Named): string {
  if (person.display_name?.trim()) return person.display_name.trim();
  const name = [person.first_name, person.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || person.email;
}
