-- The request type on each analysis and the kept totals of analyses (issue 14, point 2): the staff counters and
-- the follow-up list's total read analise_totais instead of counting two million rows per visit. Triggers keep
-- both in the same transaction as every change, whoever writes, so the totals are exact by construction.

-- 1. An analysis carries its request's type (a request never changes type): filled on insert when absent.
CREATE FUNCTION analise_preencher_tipo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.tipo_solicitacao IS NULL THEN
    SELECT tipo INTO NEW.tipo_solicitacao FROM solicitacao WHERE id = NEW.solicitacao_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER analise_preencher_tipo BEFORE INSERT ON analise_solicitacao
  FOR EACH ROW EXECUTE FUNCTION analise_preencher_tipo();
--> statement-breakpoint
UPDATE analise_solicitacao a SET tipo_solicitacao = s.tipo
FROM solicitacao s WHERE s.id = a.solicitacao_id AND a.tipo_solicitacao IS NULL;
--> statement-breakpoint

-- 2. The totals as they stand now.
INSERT INTO analise_totais (uf, tipo_solicitacao, situacao_analise, total)
SELECT coalesce(uf_pescador, ''), coalesce(tipo_solicitacao, 0), situacao_analise, count(*)
FROM analise_solicitacao GROUP BY 1, 2, 3;
--> statement-breakpoint

-- 3. One statement trigger per event, with transition tables: a bulk insert of two million rows updates the
-- totals once, and a single decision moves one unit from one total to another. The deltas are applied in key
-- order, so two transactions moving units in opposite directions lock the same rows in the same order and
-- never deadlock; keys whose delta sums to zero (an update that changed no counted column) are not touched.
CREATE FUNCTION analise_totais_aplicar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analise_totais AS t (uf, tipo_solicitacao, situacao_analise, total)
    SELECT coalesce(uf_pescador, ''), coalesce(tipo_solicitacao, 0), situacao_analise, count(*)
    FROM novos GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (uf, tipo_solicitacao, situacao_analise) DO UPDATE SET total = t.total + excluded.total;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO analise_totais AS t (uf, tipo_solicitacao, situacao_analise, total)
    SELECT uf, tipo, situacao, sum(delta) FROM (
      SELECT coalesce(uf_pescador, '') AS uf, coalesce(tipo_solicitacao, 0) AS tipo, situacao_analise AS situacao, 1 AS delta FROM novos
      UNION ALL
      SELECT coalesce(uf_pescador, ''), coalesce(tipo_solicitacao, 0), situacao_analise, -1 FROM velhos
    ) d GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (uf, tipo_solicitacao, situacao_analise) DO UPDATE SET total = t.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO analise_totais AS t (uf, tipo_solicitacao, situacao_analise, total)
    SELECT coalesce(uf_pescador, ''), coalesce(tipo_solicitacao, 0), situacao_analise, -count(*)
    FROM velhos GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (uf, tipo_solicitacao, situacao_analise) DO UPDATE SET total = t.total + excluded.total;
  ELSE -- TRUNCATE
    DELETE FROM analise_totais;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analise_totais_insert AFTER INSERT ON analise_solicitacao
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION analise_totais_aplicar();
--> statement-breakpoint
CREATE TRIGGER analise_totais_update AFTER UPDATE ON analise_solicitacao
  REFERENCING OLD TABLE AS velhos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION analise_totais_aplicar();
--> statement-breakpoint
CREATE TRIGGER analise_totais_delete AFTER DELETE ON analise_solicitacao
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT EXECUTE FUNCTION analise_totais_aplicar();
--> statement-breakpoint
CREATE TRIGGER analise_totais_truncate AFTER TRUNCATE ON analise_solicitacao
  FOR EACH STATEMENT EXECUTE FUNCTION analise_totais_aplicar();
