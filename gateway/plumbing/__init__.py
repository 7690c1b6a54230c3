"""What every route group leans on and none owns: the error shape (`errors`), logs (`logging`),
traces and metrics' set-up (`telemetry`, `tracing`), the request deadline (`deadline`), input
rules (`validation`), the product's clock (`clock`) and PDFs handed out as files (`downloads`)."""
