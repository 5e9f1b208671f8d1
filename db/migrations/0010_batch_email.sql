-- Slot reserved for batch_email (filled by that work; hand-written to match the Drizzle schema).
SELECT 1;
