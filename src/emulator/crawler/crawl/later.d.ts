/** The part of @breejs/later (a maintained fork of Later.js; it ships no types) the crawler uses. */
declare module '@breejs/later' {
  interface ScheduleData {
    schedules: Record<string, number[]>[];
    exceptions: Record<string, number[]>[];
    error: number;
  }
  const later: {
    date: { UTC(): void };
    parse: { text(text: string): ScheduleData; cron(expression: string, hasSeconds?: boolean): ScheduleData };
    schedule(data: ScheduleData): { next(count: number, start?: Date): Date | Date[] | 0 };
  };
  export default later;
}
