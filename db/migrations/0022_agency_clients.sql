CREATE TABLE "cliente_integracao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cliente_integracao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"identificador" varchar(40) NOT NULL,
	"nome" varchar(120) NOT NULL,
	"orgao" varchar(120) NOT NULL,
	"contato" varchar(200) NOT NULL,
	"escopos" text[] NOT NULL,
	"limite_por_minuto" integer NOT NULL,
	"valido_ate" timestamp with time zone NOT NULL,
	"metodo_autenticacao" varchar(20) NOT NULL,
	"segredo_hash" char(64),
	"chave_publica" jsonb,
	"versao_credencial" integer DEFAULT 1 NOT NULL,
	"revogado_em" timestamp with time zone,
	"cpf_criador" char(11) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cliente_integracao_identificador_unique" UNIQUE("identificador")
);
--> statement-breakpoint
CREATE TABLE "evento_integracao" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evento_integracao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"tipo" varchar(40) NOT NULL,
	"pescador_id" integer NOT NULL,
	"situacao_anterior" smallint,
	"situacao_nova" smallint,
	"dados" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "evento_integracao_xid_id_idx" ON "evento_integracao" USING btree ("xid","id");--> statement-breakpoint
-- The outbox is written here, in the transaction of each change other agencies follow, whichever module made it.
CREATE FUNCTION evento_integracao_pescador() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.situacao_registro = 1 THEN
      INSERT INTO evento_integracao (tipo, pescador_id, situacao_nova) VALUES ('registro.ativado', NEW.id, 1);
    END IF;
    RETURN NULL;
  END IF;
  IF NEW.situacao_registro IS DISTINCT FROM OLD.situacao_registro THEN
    INSERT INTO evento_integracao (tipo, pescador_id, situacao_anterior, situacao_nova)
    VALUES (CASE
        WHEN NEW.situacao_registro = 1 AND OLD.situacao_registro IN (2, 6) THEN 'registro.reativado'
        WHEN NEW.situacao_registro = 1 THEN 'registro.ativado'
        WHEN NEW.situacao_registro = 6 THEN 'registro.suspenso'
        WHEN NEW.situacao_registro = 2 THEN 'registro.cancelado'
        ELSE 'registro.situacao_alterada' END,
      NEW.id, OLD.situacao_registro, NEW.situacao_registro);
  END IF;
  IF NEW.data_primeiro_rgp IS DISTINCT FROM OLD.data_primeiro_rgp OR NEW.numero_primeiro_rgp IS DISTINCT FROM OLD.numero_primeiro_rgp THEN
    INSERT INTO evento_integracao (tipo, pescador_id, dados)
    VALUES ('registro.primeiro_rgp_alterado', NEW.id, jsonb_build_object('anterior', OLD.data_primeiro_rgp, 'nova', NEW.data_primeiro_rgp));
  END IF;
  IF NEW.categoria IS DISTINCT FROM OLD.categoria THEN
    INSERT INTO evento_integracao (tipo, pescador_id, dados)
    VALUES ('registro.categoria_alterada', NEW.id, jsonb_build_object('anterior', OLD.categoria, 'nova', NEW.categoria));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER pescador_evento_integracao AFTER INSERT OR UPDATE OF situacao_registro, data_primeiro_rgp, numero_primeiro_rgp, categoria
  ON pescador FOR EACH ROW EXECUTE FUNCTION evento_integracao_pescador();
--> statement-breakpoint
CREATE FUNCTION evento_integracao_reap() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.enviada AND (TG_OP = 'INSERT' OR NOT OLD.enviada) THEN
    INSERT INTO evento_integracao (tipo, pescador_id, dados)
    VALUES ('reap.enviada', NEW.pescador_id, jsonb_build_object('anoReferencia', NEW.ano_referencia));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reap_questionario_evento_integracao AFTER INSERT OR UPDATE OF enviada
  ON reap_questionario FOR EACH ROW EXECUTE FUNCTION evento_integracao_reap();
--> statement-breakpoint
CREATE FUNCTION evento_integracao_recurso() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO evento_integracao (tipo, pescador_id, dados)
  SELECT CASE WHEN NEW.resultado = 5 THEN 'recurso.encaminhado' ELSE 'recurso.decidido' END, r.pescador_id, jsonb_build_object('recurso', r.id, 'instancia', NEW.instancia, 'resultado', NEW.resultado)
  FROM recurso r WHERE r.id = NEW.recurso_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER recurso_decisao_evento_integracao AFTER INSERT ON recurso_decisao FOR EACH ROW EXECUTE FUNCTION evento_integracao_recurso();
