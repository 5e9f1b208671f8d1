CREATE TABLE "agente_entidade" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agente_entidade_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entidade_id" integer NOT NULL,
	"cpf" char(11) NOT NULL,
	"nome" varchar(200) NOT NULL,
	"validade" date NOT NULL,
	"desligado_em" timestamp with time zone,
	"cpf_atualizou" char(11) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delegacao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "delegacao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pescador_id" integer NOT NULL,
	"entidade_id" integer NOT NULL,
	"servicos" smallint[] NOT NULL,
	"inicio" date NOT NULL,
	"fim" date NOT NULL,
	"situacao" smallint NOT NULL,
	"origem" smallint NOT NULL,
	"uf" char(2),
	"cpf_agente" char(11),
	"documento_termo_id" integer,
	"documento_identidade_id" integer,
	"cpf_validou" char(11),
	"validada_em" timestamp with time zone,
	"justificativa_recusa" text,
	"revogada_em" timestamp with time zone,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entidade_representativa" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "entidade_representativa_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tipo" smallint NOT NULL,
	"cnpj" char(14) NOT NULL,
	"nome" varchar(200) NOT NULL,
	"ufs" char(2)[] NOT NULL,
	"municipios" integer[] DEFAULT '{}' NOT NULL,
	"ato_cooperacao" varchar(300) NOT NULL,
	"vigencia_inicio" date NOT NULL,
	"vigencia_fim" date NOT NULL,
	"situacao" smallint DEFAULT 1 NOT NULL,
	"motivo_suspensao" text,
	"cpf_atualizou" char(11) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "solicitacao_historico" ADD COLUMN "entidade_id" integer;--> statement-breakpoint
ALTER TABLE "agente_entidade" ADD CONSTRAINT "agente_entidade_entidade_id_entidade_representativa_id_fk" FOREIGN KEY ("entidade_id") REFERENCES "public"."entidade_representativa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegacao" ADD CONSTRAINT "delegacao_pescador_id_pescador_id_fk" FOREIGN KEY ("pescador_id") REFERENCES "public"."pescador"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegacao" ADD CONSTRAINT "delegacao_entidade_id_entidade_representativa_id_fk" FOREIGN KEY ("entidade_id") REFERENCES "public"."entidade_representativa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegacao" ADD CONSTRAINT "delegacao_documento_termo_id_documento_id_fk" FOREIGN KEY ("documento_termo_id") REFERENCES "public"."documento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegacao" ADD CONSTRAINT "delegacao_documento_identidade_id_documento_id_fk" FOREIGN KEY ("documento_identidade_id") REFERENCES "public"."documento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agente_entidade_ativo_key" ON "agente_entidade" USING btree ("entidade_id","cpf") WHERE "agente_entidade"."desligado_em" IS NULL;--> statement-breakpoint
CREATE INDEX "agente_entidade_cpf_idx" ON "agente_entidade" USING btree ("cpf");--> statement-breakpoint
CREATE INDEX "delegacao_pescador_idx" ON "delegacao" USING btree ("pescador_id","entidade_id");--> statement-breakpoint
CREATE INDEX "delegacao_entidade_idx" ON "delegacao" USING btree ("entidade_id","situacao");--> statement-breakpoint
CREATE INDEX "delegacao_pendente_idx" ON "delegacao" USING btree ("criada_em") WHERE "delegacao"."situacao" = 2;--> statement-breakpoint
CREATE UNIQUE INDEX "entidade_representativa_cnpj_key" ON "entidade_representativa" USING btree ("cnpj");