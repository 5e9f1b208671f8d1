-- Slot reserved for report_statistics (filled by that work; hand-written to match the Drizzle schema).
SELECT 1;
