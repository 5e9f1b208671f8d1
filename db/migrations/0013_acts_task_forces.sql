-- Slot reserved for acts_task_forces (filled by that work; hand-written to match the Drizzle schema).
SELECT 1;
