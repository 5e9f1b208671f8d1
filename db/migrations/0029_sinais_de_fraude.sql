CREATE TABLE "contato_pescador" (
	"pescador_id" integer NOT NULL,
	"tipo" smallint NOT NULL,
	"valor" "bytea" NOT NULL,
	CONSTRAINT "contato_pescador_pescador_id_tipo_pk" PRIMARY KEY("pescador_id","tipo"),
	CONSTRAINT "contato_pescador_tipo_check" CHECK ("contato_pescador"."tipo" BETWEEN 1 AND 3)
);
--> statement-breakpoint
CREATE TABLE "cpf_situacao_receita" (
	"cpf" char(11) PRIMARY KEY NOT NULL,
	"situacao" smallint NOT NULL,
	"atualizado_em" date NOT NULL,
	CONSTRAINT "cpf_situacao_receita_situacao_check" CHECK ("cpf_situacao_receita"."situacao" BETWEEN 1 AND 4)
);
--> statement-breakpoint
CREATE TABLE "documento_hash" (
	"documento_id" integer PRIMARY KEY NOT NULL,
	"pescador_id" integer NOT NULL,
	"sha256" "bytea" NOT NULL,
	CONSTRAINT "documento_hash_tamanho_check" CHECK (octet_length("documento_hash"."sha256") = 32)
);
--> statement-breakpoint
CREATE TABLE "envio_entidade" (
	"solicitacao_id" integer NOT NULL,
	"entidade_id" integer NOT NULL,
	"cpf_agente" char(11) NOT NULL,
	"enviado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "envio_entidade_solicitacao_id_enviado_em_pk" PRIMARY KEY("solicitacao_id","enviado_em")
);
--> statement-breakpoint
CREATE TABLE "municipio_populacao" (
	"municipio_id" integer PRIMARY KEY NOT NULL,
	"populacao_adulta" integer NOT NULL,
	"ano" smallint NOT NULL,
	CONSTRAINT "municipio_populacao_positiva_check" CHECK ("municipio_populacao"."populacao_adulta" > 0)
);
--> statement-breakpoint
CREATE TABLE "sinal_solicitacao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sinal_solicitacao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"solicitacao_id" integer NOT NULL,
	"tipo" smallint NOT NULL,
	"detalhes" jsonb NOT NULL,
	"entidade_id" integer,
	"situacao" smallint DEFAULT 1 NOT NULL,
	"cpf_marcou" char(11),
	"nome_marcou" varchar(200),
	"marcado_em" timestamp with time zone,
	"observacao" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sinal_solicitacao_tipo_check" CHECK ("sinal_solicitacao"."tipo" BETWEEN 1 AND 5),
	CONSTRAINT "sinal_solicitacao_situacao_check" CHECK ("sinal_solicitacao"."situacao" BETWEEN 1 AND 3),
	CONSTRAINT "sinal_solicitacao_marcado_check" CHECK ("sinal_solicitacao"."situacao" = 1 OR ("sinal_solicitacao"."cpf_marcou" IS NOT NULL AND "sinal_solicitacao"."marcado_em" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "contato_pescador" ADD CONSTRAINT "contato_pescador_pescador_id_pescador_id_fk" FOREIGN KEY ("pescador_id") REFERENCES "public"."pescador"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documento_hash" ADD CONSTRAINT "documento_hash_documento_id_documento_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."documento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documento_hash" ADD CONSTRAINT "documento_hash_pescador_id_pescador_id_fk" FOREIGN KEY ("pescador_id") REFERENCES "public"."pescador"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envio_entidade" ADD CONSTRAINT "envio_entidade_solicitacao_id_solicitacao_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."solicitacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sinal_solicitacao" ADD CONSTRAINT "sinal_solicitacao_solicitacao_id_solicitacao_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."solicitacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contato_pescador_valor_idx" ON "contato_pescador" USING btree ("tipo","valor");--> statement-breakpoint
CREATE INDEX "documento_hash_sha256_idx" ON "documento_hash" USING btree ("sha256","pescador_id");--> statement-breakpoint
CREATE INDEX "envio_entidade_entidade_idx" ON "envio_entidade" USING btree ("entidade_id","enviado_em");--> statement-breakpoint
CREATE INDEX "envio_entidade_agente_idx" ON "envio_entidade" USING btree ("cpf_agente","enviado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "sinal_solicitacao_tipo_key" ON "sinal_solicitacao" USING btree ("solicitacao_id","tipo");--> statement-breakpoint
CREATE INDEX "sinal_solicitacao_entidade_idx" ON "sinal_solicitacao" USING btree ("entidade_id","criado_em") WHERE "sinal_solicitacao"."entidade_id" IS NOT NULL;