CREATE TABLE "envio_documento" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pescador_id" integer NOT NULL,
	"solicitacao_id" integer NOT NULL,
	"tipo_documento" smallint NOT NULL,
	"nome_arquivo" varchar(255) NOT NULL,
	"tamanho" integer NOT NULL,
	"recebido" integer DEFAULT 0 NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "envio_documento_parte" (
	"envio_id" uuid NOT NULL,
	"inicio" integer NOT NULL,
	"dados" "bytea" NOT NULL,
	CONSTRAINT "envio_documento_parte_envio_id_inicio_pk" PRIMARY KEY("envio_id","inicio")
);
--> statement-breakpoint
ALTER TABLE "envio_documento" ADD CONSTRAINT "envio_documento_pescador_id_pescador_id_fk" FOREIGN KEY ("pescador_id") REFERENCES "public"."pescador"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envio_documento" ADD CONSTRAINT "envio_documento_solicitacao_id_solicitacao_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."solicitacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envio_documento_parte" ADD CONSTRAINT "envio_documento_parte_envio_id_envio_documento_id_fk" FOREIGN KEY ("envio_id") REFERENCES "public"."envio_documento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "envio_documento_pescador_idx" ON "envio_documento" USING btree ("pescador_id");--> statement-breakpoint
CREATE INDEX "envio_documento_atualizado_em_idx" ON "envio_documento" USING btree ("atualizado_em");