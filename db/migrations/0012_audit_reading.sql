-- Slot reserved for audit_reading (filled by that work; hand-written to match the Drizzle schema).
SELECT 1;
