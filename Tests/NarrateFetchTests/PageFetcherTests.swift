// Tests of PageFetcher against a server on 127.0.0.1 go here.
