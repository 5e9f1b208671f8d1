-- Migration 0011: the fisher report (issue 13, points 2–3) and the open statistics (point 4). Two engineers write
-- here: each keeps to their markers.
-- statistics: begin
-- Kept totals of the open statistics (src/server/db/schema/estatistica.ts): statement triggers on pescador and
-- solicitacao keep them in the same transaction as every change, whoever writes, like analise_totais (0006).
CREATE TABLE "estatistica_nascimento" (
	"data_nascimento" date PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estatistica_nascimento_mes" (
	"mes" date PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estatistica_pescador" (
	"dimensao" varchar(12) NOT NULL,
	"chave" varchar(12) NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "estatistica_pescador_dimensao_chave_pk" PRIMARY KEY("dimensao","chave")
);
--> statement-breakpoint
CREATE TABLE "estatistica_solicitacao" (
	"mes" char(7) NOT NULL,
	"tipo" smallint NOT NULL,
	"situacao" smallint NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "estatistica_solicitacao_mes_tipo_situacao_pk" PRIMARY KEY("mes","tipo","situacao")
);
--> statement-breakpoint

-- Fishers: counted when they have a registry (situacao_registro set; a sign-in alone creates a fisher without
-- one). `d` is the changed rows with +1 (new) and -1 (old); one statement per event, whatever its size: a bulk
-- insert of two million fishers updates the totals once. Keys whose delta sums to zero (an update that changed no
-- counted column) are not touched, and keys are written in order, so concurrent changes lock the same rows in the
-- same order and never deadlock. Static SQL in each branch, so that PL/pgSQL keeps its plans between calls.
CREATE FUNCTION estatistica_pescador_aplicar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS MATERIALIZED (SELECT 1 AS delta, uf, municipio_id, categoria, sexo, forma_atuacao, situacao_registro, data_nascimento FROM novos WHERE situacao_registro IS NOT NULL),
    por_dimensao AS (
      INSERT INTO estatistica_pescador AS t (dimensao, chave, total)
      SELECT v.dimensao, v.chave, sum(d.delta)
      FROM d CROSS JOIN LATERAL (VALUES
        ('total', ''::text),
        ('uf', coalesce(d.uf::text, '')),
        ('municipio', coalesce(d.municipio_id::text, '')),
        ('categoria', coalesce(d.categoria::text, '')),
        ('sexo', coalesce(d.sexo::text, '')),
        ('atividade', coalesce(d.forma_atuacao::text, '')),
        ('situacao', d.situacao_registro::text)) v(dimensao, chave)
      GROUP BY 1, 2 HAVING sum(d.delta) <> 0 ORDER BY 1, 2
      ON CONFLICT (dimensao, chave) DO UPDATE SET total = t.total + excluded.total
      RETURNING 1),
    por_dia AS (
      INSERT INTO estatistica_nascimento AS t (data_nascimento, total)
      SELECT data_nascimento, sum(delta) FROM d WHERE data_nascimento IS NOT NULL
      GROUP BY 1 HAVING sum(delta) <> 0 ORDER BY 1
      ON CONFLICT (data_nascimento) DO UPDATE SET total = t.total + excluded.total
      RETURNING 1)
    INSERT INTO estatistica_nascimento_mes AS t (mes, total)
    SELECT date_trunc('month', data_nascimento)::date, sum(delta) FROM d WHERE data_nascimento IS NOT NULL
    GROUP BY 1 HAVING sum(delta) <> 0 ORDER BY 1
    ON CONFLICT (mes) DO UPDATE SET total = t.total + excluded.total;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH d AS MATERIALIZED (SELECT 1 AS delta, uf, municipio_id, categoria, sexo, forma_atuacao, situacao_registro, data_nascimento FROM novos WHERE situacao_registro IS NOT NULL
      UNION ALL SELECT -1, uf, municipio_id, categoria, sexo, forma_atuacao, situacao_registro, data_nascimento FROM velhos WHERE situacao_registro IS NOT NULL),
    por_dimensao AS (
      INSERT INTO estatistica_pescador AS t (dimensao, chave, total)
      SELECT v.dimensao, v.chave, sum(d.delta)
      FROM d CROSS JOIN LATERAL (VALUES
        ('total', ''::text),
        ('uf', coalesce(d.uf::text, '')),
        ('municipio', coalesce(d.municipio_id::text, '')),
        ('categoria', coalesce(d.categoria::text, '')),
        ('sexo', coalesce(d.sexo::text, '')),
        ('atividade', coalesce(d.forma_atuacao::text, '')),
        ('situacao', d.situacao_registro::text)) v(dimensao, chave)
      GROUP BY 1, 2 HAVING sum(d.delta) <> 0 ORDER BY 1, 2
      ON CONFLICT (dimensao, chave) DO UPDATE SET total = t.total + excluded.total
      RETURNING 1),
    por_dia AS (
      INSERT INTO estatistica_nascimento AS t (data_nascimento, total)
      SELECT data_nascimento, sum(delta) FROM d WHERE data_nascimento IS NOT NULL
      GROUP BY 1 HAVING sum(delta) <> 0 ORDER BY 1
      ON CONFLICT (data_nascimento) DO UPDATE SET total = t.total + excluded.total
      RETURNING 1)
    INSERT INTO estatistica_nascimento_mes AS t (mes, total)
    SELECT date_trunc('month', data_nascimento)::date, sum(delta) FROM d WHERE data_nascimento IS NOT NULL
    GROUP BY 1 HAVING sum(delta) <> 0 ORDER BY 1
    ON CONFLICT (mes) DO UPDATE SET total = t.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS MATERIALIZED (SELECT -1 AS delta, uf, municipio_id, categoria, sexo, forma_atuacao, situacao_registro, data_nascimento FROM velhos WHERE situacao_registro IS NOT NULL),
    por_dimensao AS (
      INSERT INTO estatistica_pescador AS t (dimensao, chave, total)
      SELECT v.dimensao, v.chave, sum(d.delta)
      FROM d CROSS JOIN LATERAL (VALUES
        ('total', ''::text),
        ('uf', coalesce(d.uf::text, '')),
        ('municipio', coalesce(d.municipio_id::text, '')),
        ('categoria', coalesce(d.categoria::text, '')),
        ('sexo', coalesce(d.sexo::text, '')),
        ('atividade', coalesce(d.forma_atuacao::text, '')),
        ('situacao', d.situacao_registro::text)) v(dimensao, chave)
      GROUP BY 1, 2 HAVING sum(d.delta) <> 0 ORDER BY 1, 2
      ON CONFLICT (dimensao, chave) DO UPDATE SET total = t.total + excluded.total
      RETURNING 1),
    por_dia AS (
      INSERT INTO estatistica_nascimento AS t (data_nascimento, total)
      SELECT data_nascimento, sum(delta) FROM d WHERE data_nascimento IS NOT NULL
      GROUP BY 1 HAVING sum(delta) <> 0 ORDER BY 1
      ON CONFLICT (data_nascimento) DO UPDATE SET total = t.total + excluded.total
      RETURNING 1)
    INSERT INTO estatistica_nascimento_mes AS t (mes, total)
    SELECT date_trunc('month', data_nascimento)::date, sum(delta) FROM d WHERE data_nascimento IS NOT NULL
    GROUP BY 1 HAVING sum(delta) <> 0 ORDER BY 1
    ON CONFLICT (mes) DO UPDATE SET total = t.total + excluded.total;
  ELSE -- TRUNCATE
    DELETE FROM estatistica_pescador;
    DELETE FROM estatistica_nascimento;
    DELETE FROM estatistica_nascimento_mes;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER estatistica_pescador_insert AFTER INSERT ON pescador
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION estatistica_pescador_aplicar();
--> statement-breakpoint
CREATE TRIGGER estatistica_pescador_update AFTER UPDATE ON pescador
  REFERENCING OLD TABLE AS velhos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION estatistica_pescador_aplicar();
--> statement-breakpoint
CREATE TRIGGER estatistica_pescador_delete AFTER DELETE ON pescador
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT EXECUTE FUNCTION estatistica_pescador_aplicar();
--> statement-breakpoint
CREATE TRIGGER estatistica_pescador_truncate AFTER TRUNCATE ON pescador
  FOR EACH STATEMENT EXECUTE FUNCTION estatistica_pescador_aplicar();
--> statement-breakpoint

-- Requests: counted once sent (enviada_em set), by the month they were sent in (São Paulo time), type and
-- situation now. Same shape as above.
CREATE FUNCTION estatistica_solicitacao_aplicar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO estatistica_solicitacao AS t (mes, tipo, situacao, total)
    SELECT to_char(d.enviada_em AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM'), d.tipo, d.situacao, sum(d.delta)
    FROM (SELECT 1 AS delta, enviada_em, tipo, situacao FROM novos WHERE enviada_em IS NOT NULL) d
    GROUP BY 1, 2, 3 HAVING sum(d.delta) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (mes, tipo, situacao) DO UPDATE SET total = t.total + excluded.total;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO estatistica_solicitacao AS t (mes, tipo, situacao, total)
    SELECT to_char(d.enviada_em AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM'), d.tipo, d.situacao, sum(d.delta)
    FROM (SELECT 1 AS delta, enviada_em, tipo, situacao FROM novos WHERE enviada_em IS NOT NULL
      UNION ALL SELECT -1, enviada_em, tipo, situacao FROM velhos WHERE enviada_em IS NOT NULL) d
    GROUP BY 1, 2, 3 HAVING sum(d.delta) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (mes, tipo, situacao) DO UPDATE SET total = t.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO estatistica_solicitacao AS t (mes, tipo, situacao, total)
    SELECT to_char(d.enviada_em AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM'), d.tipo, d.situacao, sum(d.delta)
    FROM (SELECT -1 AS delta, enviada_em, tipo, situacao FROM velhos WHERE enviada_em IS NOT NULL) d
    GROUP BY 1, 2, 3 HAVING sum(d.delta) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (mes, tipo, situacao) DO UPDATE SET total = t.total + excluded.total;
  ELSE -- TRUNCATE
    DELETE FROM estatistica_solicitacao;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER estatistica_solicitacao_insert AFTER INSERT ON solicitacao
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION estatistica_solicitacao_aplicar();
--> statement-breakpoint
CREATE TRIGGER estatistica_solicitacao_update AFTER UPDATE ON solicitacao
  REFERENCING OLD TABLE AS velhos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION estatistica_solicitacao_aplicar();
--> statement-breakpoint
CREATE TRIGGER estatistica_solicitacao_delete AFTER DELETE ON solicitacao
  REFERENCING OLD TABLE AS velhos FOR EACH STATEMENT EXECUTE FUNCTION estatistica_solicitacao_aplicar();
--> statement-breakpoint
CREATE TRIGGER estatistica_solicitacao_truncate AFTER TRUNCATE ON solicitacao
  FOR EACH STATEMENT EXECUTE FUNCTION estatistica_solicitacao_aplicar();
--> statement-breakpoint

-- The totals of what is already there (the triggers above count every change from now on).
INSERT INTO estatistica_pescador (dimensao, chave, total)
SELECT v.dimensao, v.chave, count(*)
FROM pescador p CROSS JOIN LATERAL (VALUES
  ('total', ''::text),
  ('uf', coalesce(p.uf::text, '')),
  ('municipio', coalesce(p.municipio_id::text, '')),
  ('categoria', coalesce(p.categoria::text, '')),
  ('sexo', coalesce(p.sexo::text, '')),
  ('atividade', coalesce(p.forma_atuacao::text, '')),
  ('situacao', p.situacao_registro::text)) v(dimensao, chave)
WHERE p.situacao_registro IS NOT NULL
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO estatistica_nascimento (data_nascimento, total)
SELECT data_nascimento, count(*) FROM pescador
WHERE situacao_registro IS NOT NULL AND data_nascimento IS NOT NULL GROUP BY 1;
--> statement-breakpoint
INSERT INTO estatistica_nascimento_mes (mes, total)
SELECT date_trunc('month', data_nascimento)::date, count(*) FROM pescador
WHERE situacao_registro IS NOT NULL AND data_nascimento IS NOT NULL GROUP BY 1;
--> statement-breakpoint
INSERT INTO estatistica_solicitacao (mes, tipo, situacao, total)
SELECT to_char(enviada_em AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM'), tipo, situacao, count(*)
FROM solicitacao WHERE enviada_em IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
-- statistics: end
-- report: begin
-- The fisher report (src/server/db/schema/relatorio.ts; indexes declared in schema/pescador.ts; decision 0036).
CREATE TABLE "relatorio_execucao" (
	"id" serial PRIMARY KEY NOT NULL,
	"cpf_solicitante" char(11) NOT NULL,
	"perfil_solicitante" smallint NOT NULL,
	"formato" varchar(4) NOT NULL,
	"consulta" jsonb NOT NULL,
	"ufs_escopo" char(2)[],
	"situacao" smallint NOT NULL,
	"total" integer NOT NULL,
	"processados" integer DEFAULT 0 NOT NULL,
	"chave_arquivo" varchar(100),
	"tamanho" bigint,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluido_em" timestamp with time zone,
	"erro" text
);
--> statement-breakpoint
CREATE INDEX "relatorio_execucao_solicitante_idx" ON "relatorio_execucao" USING btree ("cpf_solicitante","criado_em");--> statement-breakpoint
CREATE INDEX "relatorio_execucao_criado_idx" ON "relatorio_execucao" USING btree ("criado_em");--> statement-breakpoint
CREATE INDEX "pescador_nome_prefixo_idx" ON "pescador" USING btree ("nome" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "pescador_uf_sexo_nascimento_idx" ON "pescador" USING btree ("uf","sexo","data_nascimento");--> statement-breakpoint
CREATE INDEX "pescador_municipio_idx" ON "pescador" USING btree ("municipio_id");--> statement-breakpoint
CREATE INDEX "solicitacao_enviada_pescador_idx" ON "solicitacao" USING btree ("enviada_em","pescador_id");
-- report: end
