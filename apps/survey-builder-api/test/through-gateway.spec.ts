import type { Server } from 'node:http';
import { gatewayInFrontOf } from '@platform/testing';
import request from 'supertest';
import { type Builder, startBuilder, THEME } from './builder-kit';

describe('survey-builder-api end to end through the local gateway', () => {
  let builder: Builder;
  let gateway: Server;
  const as = (test: request.Test) => test.set('x-user-email', 'designer@example.com').set('x-user-name', encodeURIComponent('設計 太郎'));

  beforeAll(async () => {
    builder = await startBuilder();
    gateway = await gatewayInFrontOf(builder.app, 'survey-builder-api');
  });
  afterAll(() => builder?.close());

  it('designs a survey as a user would: create, add a section, reorder, renumber, save, export', async () => {
    const survey = (await as(request(gateway).post('/api/surveys')).send(THEME).expect(201)).body.data;
    expect(survey.permissions[0].userName).toBe('設計 太郎');
    const section = (
      await as(request(gateway).post(`/api/surveys/${survey.id}/sections`))
        .send({ title: '価格' })
        .expect(201)
    ).body.data;
    await as(request(gateway).patch(`/api/sections/${section.id}`))
      .send({ sortOrder: 1 })
      .expect(200);
    const renumbered = (await as(request(gateway).post(`/api/surveys/${survey.id}/questions/renumber`)).expect(200)).body.data;
    expect(renumbered.sections[0].questions.map((q: { code: string }) => q.code)).toEqual(['Q1', 'Q2']);
    const version = (
      await as(request(gateway).post(`/api/surveys/${survey.id}/save`))
        .set('content-type', 'application/json')
        .expect(201)
    ).body.data;
    expect(version.versionNo).toBe(2);
    const exported = (await as(request(gateway).post(`/api/surveys/${survey.id}/export`)).expect(200)).body.data;
    expect(exported.sections.map((s: { title: string }) => s.title)).toEqual(['価格', 'スクリーニング', '本調査', '調査のご案内']);
    const library = (await as(request(gateway).get('/api/question-library?q=%E4%BE%A1%E6%A0%BC')).expect(200)).body.data;
    expect(library.length).toBeGreaterThan(0);
  });

  it('answers malformed requests at the edge in the builder body: a GET with a large body, an over-long path segment', async () => {
    const withBody = await as(request(gateway).get('/api/surveys'))
      .set('content-type', 'application/json')
      .send(JSON.stringify({ x: 'y'.repeat(2_000_000) }));
    expect(withBody.status).toBe(400);
    expect(withBody.body).toEqual({ ok: false, error: { code: 'VALIDATION_FAILED', message: 'A GET request takes no body' } });
    const long = await as(request(gateway).get(`/api/surveys/${'a'.repeat(600)}`)).expect(414);
    expect(long.body).toEqual({ ok: false, error: expect.objectContaining({ code: 'URI_TOO_LONG' }) });
    await as(request(gateway).get('/api/surveys')).expect(200);
  });

  it('keeps the recruiting survey-data prefix apart from the builder', async () => {
    await as(request(gateway).get('/api/v1/surveys')).expect(502);
    await as(request(gateway).get('/api/surveys')).expect(200);
  });
});
