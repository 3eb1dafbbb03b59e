// Writes k8s/ingress.yaml from the route table (libs/routing). A test fails when the two disagree.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderIngressYaml } from '@platform/routing';

const target = join(__dirname, '..', 'k8s', 'ingress.yaml');
writeFileSync(target, renderIngressYaml());
console.log(`wrote ${target}`);
