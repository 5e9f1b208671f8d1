CREATE TABLE "recurso" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recurso_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"solicitacao_id" integer NOT NULL,
	"pescador_id" integer NOT NULL,
	"uf" char(2),
	"objeto" smallint NOT NULL,
	"chave_objeto" varchar(24) NOT NULL,
	"solicitacao_contestada_id" integer,
	"historico_situacao_id" bigint,
	"lote_id" integer,
	"aviso_id" integer,
	"ano_referencia" smallint,
	"ato_normativo_id" integer,
	"inicio_prazo" date NOT NULL,
	"ultimo_dia" date NOT NULL,
	"prazo_decisao_dias" smallint NOT NULL,
	"razoes" text,
	"tempestivo" boolean,
	"instancia" smallint DEFAULT 1 NOT NULL,
	"orgao" varchar(6) NOT NULL,
	"recebido_em" date,
	"prazo_instancia" date,
	"prorrogado" boolean DEFAULT false NOT NULL,
	"justificativa_prorrogacao" text,
	"analista_id" integer,
	"bloqueado_em" timestamp with time zone,
	"resultado" smallint,
	"ultimo_dia_proxima_instancia" date,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurso_decisao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recurso_decisao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"recurso_id" integer NOT NULL,
	"instancia" smallint NOT NULL,
	"orgao" varchar(6) NOT NULL,
	"resultado" smallint NOT NULL,
	"justificativa" text NOT NULL,
	"documento_parecer_id" integer,
	"cpf_ator" char(11),
	"perfil_ator" smallint,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ato_normativo" ADD COLUMN "prazo_recurso_dias" smallint;--> statement-breakpoint
ALTER TABLE "ato_normativo" ADD COLUMN "prazo_decisao_recurso_dias" smallint;--> statement-breakpoint
ALTER TABLE "recurso" ADD CONSTRAINT "recurso_solicitacao_id_solicitacao_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."solicitacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurso" ADD CONSTRAINT "recurso_pescador_id_pescador_id_fk" FOREIGN KEY ("pescador_id") REFERENCES "public"."pescador"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurso" ADD CONSTRAINT "recurso_ato_normativo_id_ato_normativo_id_fk" FOREIGN KEY ("ato_normativo_id") REFERENCES "public"."ato_normativo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurso_decisao" ADD CONSTRAINT "recurso_decisao_recurso_id_recurso_id_fk" FOREIGN KEY ("recurso_id") REFERENCES "public"."recurso"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recurso_solicitacao_key" ON "recurso" USING btree ("solicitacao_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recurso_pescador_objeto_key" ON "recurso" USING btree ("pescador_id","chave_objeto");--> statement-breakpoint
CREATE INDEX "recurso_fila_idx" ON "recurso" USING btree ("orgao","uf","prazo_instancia") WHERE "recurso"."resultado" IS NULL AND "recurso"."prazo_instancia" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "recurso_decisao_recurso_idx" ON "recurso_decisao" USING btree ("recurso_id","id");--> statement-breakpoint
CREATE INDEX "reap_aviso_pescador_pescador_idx" ON "reap_aviso_pescador" USING btree ("pescador_id");