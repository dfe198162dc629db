/** i18n key of the greeting for an hour of the day (0-23). */
export function greetingKey(hour: number): string {
  if (hour < 6) return 'shell.greeting.night';
  if (hour < 12) return 'shell.greeting.morning';
  if (hour < 18) return 'shell.greeting.afternoon';
  return 'shell.greeting.evening';
}
