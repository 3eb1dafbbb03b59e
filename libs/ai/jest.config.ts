import { projectConfig } from '../../jest.preset';

export default projectConfig(__dirname);
