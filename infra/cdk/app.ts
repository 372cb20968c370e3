import { buildApp } from './app-factory';

// `npx cdk synth` / `npx cdk deploy`: see README ("Deploy to AWS") for the context values.
buildApp().app.synth();
