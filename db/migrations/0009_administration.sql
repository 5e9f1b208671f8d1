-- Slot reserved for administration (filled by that work; hand-written to match the Drizzle schema).
SELECT 1;
