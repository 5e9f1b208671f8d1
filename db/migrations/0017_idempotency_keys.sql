CREATE TABLE "chave_idempotencia" (
	"titular" char(64) NOT NULL,
	"chave" varchar(128) NOT NULL,
	"impressao" char(64) NOT NULL,
	"rota" text NOT NULL,
	"dono" uuid NOT NULL,
	"status" smallint,
	"resposta" text,
	"tipo_conteudo" text,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"iniciada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluida_em" timestamp with time zone,
	CONSTRAINT "chave_idempotencia_titular_chave_pk" PRIMARY KEY("titular","chave")
);
--> statement-breakpoint
CREATE INDEX "chave_idempotencia_criada_em_idx" ON "chave_idempotencia" USING btree ("criada_em");